// The analytics module's face: what other modules, flows and the app may use of it.
export { openRecoveryLink, pruneAnalytics, sendCartReminders } from "./recovery.ts";
export { AnalyticsWriter } from "./writer.ts";
