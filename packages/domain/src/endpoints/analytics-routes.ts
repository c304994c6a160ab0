import type { Route } from "../endpoint.ts";

// The visit's analytics calls of spec section 7 (`/metrics/*`; the state and the abandoned cart
// go by beacon) and a recovery email's links (the schemas are in analytics.ts).
// One export per route, read as the namespace ANALYTICS_ROUTES: the browser bundles only the
// routes it calls.

export const initialize = "POST /metrics/initialize" satisfies Route;
export const updateSessionData = "POST /metrics/update-session-data" satisfies Route;
export const collectData = "POST /metrics/collect-data" satisfies Route;
export const abandonedCart = "POST /metrics/abandoned-cart" satisfies Route;
export const recoverCart = "POST /api/cart/recover" satisfies Route;
export const unsubscribe = "POST /api/email/unsubscribe" satisfies Route;
