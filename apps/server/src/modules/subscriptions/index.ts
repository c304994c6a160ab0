// The subscriptions module's face: what other modules, flows and the app may use of it.

export { dueSubscriptions, findSubscription } from "./due.ts";
export type { PlanRow } from "./plans.ts";
export { planView, readPlans } from "./plans.ts";
export { renewalDraft } from "./renewal-draft.ts";
export { mailSafely } from "./renewal-failures.ts";
export type { SubscriptionRow } from "./service.ts";
export { renewalKey } from "./service.ts";
