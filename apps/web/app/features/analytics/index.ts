export { Analytics, visitTracker } from "./analytics";
export { noteEmail } from "./record";
export { linkFailure, recoverCart, unsubscribeEmail } from "./recovery-api";
