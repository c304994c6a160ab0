export { type PageWidgets, type StaticPageState, StaticPageView } from "./static-page";
