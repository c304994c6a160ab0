// The analytics module's writes that flows (src/flows) compose with other modules' writes; no
// module imports another's writers.
export { spendRecoveryLink } from "./recovery.ts";
export { openSession } from "./sessions.ts";
