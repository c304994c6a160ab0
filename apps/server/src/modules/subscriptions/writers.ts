// The subscriptions module's writes that flows (src/flows) compose with other modules' writes; no
// module imports another's writers.

export { keepCard, lockSubscriptionPaidOn } from "./cards.ts";
export { lockDueSubscription } from "./due.ts";
export { renewalFailed } from "./renewal-failures.ts";
export { renewalPaid, startSubscriptions } from "./service.ts";
