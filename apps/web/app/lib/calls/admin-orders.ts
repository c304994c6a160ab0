import { type adminOrdersEndpoints, ADMIN_ORDERS_ROUTES as R } from "@storefront/domain";
import { callOf } from "../api-client";

// Store admins: the orders, one order, its refunds, shipment and cancelling: see ../api.ts.

type E = typeof adminOrdersEndpoints;

export const list = /* @__PURE__ */ callOf<E["list"]>(R.list);
export const order = /* @__PURE__ */ callOf<E["order"]>(R.order);
export const refund = /* @__PURE__ */ callOf<E["refund"]>(R.refund);
export const ship = /* @__PURE__ */ callOf<E["ship"]>(R.ship);
export const cancel = /* @__PURE__ */ callOf<E["cancel"]>(R.cancel);
