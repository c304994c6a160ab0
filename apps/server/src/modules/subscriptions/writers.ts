// The subscriptions module's writes that flows (src/flows) compose with other modules' writes; no
// module imports another's writers.

export { insertPlans } from "./open-store.ts";
export { renewalFailed } from "./renewal-failures.ts";
export {
  keepCard,
  lockDueSubscription,
  lockSubscriptionPaidOn,
  renewalPaid,
  startSubscriptions,
} from "./service.ts";
