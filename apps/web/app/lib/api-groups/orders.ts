import { ORDERS_ROUTES, type ordersEndpoints } from "@storefront/domain";
import { clientOf } from "../api-client";

/** A shopper's orders. */
export const orders = /* @__PURE__ */ clientOf<typeof ordersEndpoints>(ORDERS_ROUTES);
