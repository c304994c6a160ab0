export { Analytics, visitTracker } from "./analytics";
export { noteEmail } from "./record";
export { linkFailure } from "./recovery-api";
