export { Analytics, visitTracker } from "./analytics";
export { noteEmail, recordSearch, recordSearchResult } from "./record";
export { linkFailure, recoverCart, unsubscribeEmail } from "./recovery-api";
