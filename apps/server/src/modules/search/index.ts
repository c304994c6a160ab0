// The search module's face: what other modules, flows and the app may use of it.
export { searchReportBetween } from "./report.ts";
export { find } from "./service.ts";
