// The trade module's writes that flows (src/flows) compose with other modules' writes; no
// module imports another's writers.
export { lockApplication, markApproved } from "./service.ts";
