import type { Route } from "../endpoint.ts";

// The payment processor's calls to the store (the schemas are in payments.ts); no page calls them.
// One export per route, read as the namespace PAYMENTS_ROUTES: the browser bundles only the
// routes it calls.

export const stripeWebhook = "POST /api/payments/stripe/webhook" satisfies Route;
