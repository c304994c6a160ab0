import { type checkoutEndpoints, CHECKOUT_ROUTES as R } from "@storefront/domain";
import { callOf } from "../api-client";

// The checkout: the quote for an address, and the payment: see ../api.ts.

type E = typeof checkoutEndpoints;

export const quote = /* @__PURE__ */ callOf<E["quote"]>(R.quote);
export const place = /* @__PURE__ */ callOf<E["place"]>(R.place);
