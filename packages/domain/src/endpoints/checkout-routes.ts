import type { Route } from "../endpoint.ts";

// The checkout: the cart's totals for an address, and its payment (the schemas are in checkout.ts).
// One export per route, read as the namespace CHECKOUT_ROUTES: the browser bundles only the
// routes it calls.

export const quote = "POST /api/checkout/quote" satisfies Route;
export const place = "POST /api/checkout" satisfies Route;
