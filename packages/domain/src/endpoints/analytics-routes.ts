import type { Route } from "../endpoint.ts";

/**
 * The visit's analytics calls of spec section 7 (`/metrics/*`; the state and the abandoned cart
 * go by beacon) and a recovery email's links (the schemas are in analytics.ts).
 */
export const ANALYTICS_ROUTES = {
  initialize: "POST /metrics/initialize",
  updateSessionData: "POST /metrics/update-session-data",
  collectData: "POST /metrics/collect-data",
  abandonedCart: "POST /metrics/abandoned-cart",
  recoverCart: "POST /api/cart/recover",
  unsubscribe: "POST /api/email/unsubscribe",
} as const satisfies Record<string, Route>;
