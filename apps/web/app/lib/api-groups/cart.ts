import { CART_ROUTES, type cartEndpoints } from "@storefront/domain";
import { clientOf } from "../api-client";

/** The cart and its discount code. */
export const cart = /* @__PURE__ */ clientOf<typeof cartEndpoints>(CART_ROUTES);
