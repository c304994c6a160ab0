// The checkout module's face: what other modules, flows and the app may use of it.
export { draftOrder } from "./service.ts";
