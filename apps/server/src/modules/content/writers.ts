// The content module's writes that flows (src/flows) compose with other modules' writes; no
// module imports another's writers.
export { insertDocuments } from "./open-store.ts";
