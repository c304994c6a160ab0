import { CHECKOUT_ROUTES, type checkoutEndpoints } from "@storefront/domain";
import { clientOf } from "../api-client";

/** The checkout: the quote for an address, and the payment. */
export const checkout = /* @__PURE__ */ clientOf<typeof checkoutEndpoints>(CHECKOUT_ROUTES);
