// The subscriptions module's face: what other modules, flows and the app may use of it.
export { renewalDraft } from "./renewal-draft.ts";
export { mailSafely } from "./renewal-failures.ts";
export type { PlanRow, SubscriptionRow } from "./service.ts";
export { dueSubscriptions, findSubscription, planView, readPlans, renewalKey } from "./service.ts";
