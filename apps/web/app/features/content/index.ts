export { type StaticPageState, StaticPageView } from "./static-page";
