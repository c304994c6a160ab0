import type { Route } from "../endpoint.ts";

/** The payment processor's calls to the store (the schemas are in payments.ts); no page calls them. */
export const PAYMENTS_ROUTES = {
  stripeWebhook: "POST /api/payments/stripe/webhook",
} as const satisfies Record<string, Route>;
