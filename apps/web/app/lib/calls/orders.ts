import { type ordersEndpoints, ORDERS_ROUTES as R } from "@storefront/domain";
import { callOf } from "../api-client";

// A shopper's orders: see ../api.ts.

type E = typeof ordersEndpoints;

export const order = /* @__PURE__ */ callOf<E["order"]>(R.order);
export const accountOrders = /* @__PURE__ */ callOf<E["accountOrders"]>(R.accountOrders);
