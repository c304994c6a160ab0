// The accounts module's writes that flows (src/flows) compose with other modules' writes; no
// module imports another's writers.
export { trustDevice } from "./devices.ts";
export { insertAccounts, insertOwnerAccount } from "./open-store.ts";
export { creditCommission, creditPoints, spendPoints } from "./points.ts";
export { confirmRegistration } from "./registration.ts";
export { passwordLink, verifySignIn } from "./service.ts";
export { startSession } from "./sessions.ts";
export { makeTradeAccount } from "./trade-accounts.ts";
