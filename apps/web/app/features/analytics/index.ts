export { Analytics, noteEmail, recordSearch, recordSearchResult } from "./analytics";
export { linkFailure, recoverCart, unsubscribeEmail } from "./recovery-api";
