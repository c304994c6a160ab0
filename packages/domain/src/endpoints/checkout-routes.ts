import type { Route } from "../endpoint.ts";

/** The checkout: the cart's totals for an address, and its payment (the schemas are in checkout.ts). */
export const CHECKOUT_ROUTES = {
  quote: "POST /api/checkout/quote",
  place: "POST /api/checkout",
} as const satisfies Record<string, Route>;
