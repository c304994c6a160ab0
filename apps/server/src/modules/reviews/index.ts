// The reviews module's face: what other modules, flows and the app may use of it.
export { reviewLinkToken } from "./review-links.ts";
