// The content module's face: what other modules, flows and the app may use of it.
export { getDocument, saveDocument } from "./service.ts";
