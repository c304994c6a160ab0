// The subscriptions module's face: what other modules, flows and the app may use of it.

export { dueSubscriptions, findSubscription } from "./due.ts";
export { liveSubscriptions } from "./live.ts";
export { renewalDraft } from "./renewal-draft.ts";
export { mailSafely } from "./renewal-failures.ts";
export type { SubscriptionRow } from "./service.ts";
export { renewalKey } from "./service.ts";
