// The content module's face: what other modules, flows and the app may use of it.
export { getDocument, pageBanners, saveDocument } from "./service.ts";
