// The search module's face: what other modules, flows and the app may use of it.
export { find, searchReportBetween } from "./service.ts";
