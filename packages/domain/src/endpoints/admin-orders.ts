import { z } from "zod";
import {
  AdminOrderListSchema,
  AdminOrderQuerySchema,
  AdminOrderViewSchema,
  RefundRequestSchema,
  ShipmentRequestSchema,
} from "../admin-orders.ts";
import { IdempotencyKeySchema } from "../checkout-schema.ts";
import { endpoint } from "../endpoint.ts";
import { OrderParamsSchema } from "../order-schema.ts";
import * as ADMIN_ORDERS_ROUTES from "./admin-orders-routes.ts";

const tags = ["orders", "admin"];
/** A change to one order answers the order as the admin sees it. */
const change = { tags, params: OrderParamsSchema, response: { 200: AdminOrderViewSchema } };

/** A refund's header: the Idempotency-Key that makes a repeated request the same refund. */
const RefundHeadersSchema = z.object({ "idempotency-key": IdempotencyKeySchema });

/** The store admins' order endpoints (registered by modules/orders/admin-routes.ts). */
export const adminOrdersEndpoints = {
  list: endpoint(ADMIN_ORDERS_ROUTES.list, {
    tags,
    summary:
      "Store admins: the store's orders, filtered by status and date, searched by number, email or name, sorted and paged",
    query: AdminOrderQuerySchema,
    response: { 200: AdminOrderListSchema },
  }),
  order: endpoint(ADMIN_ORDERS_ROUTES.order, {
    ...change,
    summary:
      "Store admins: one of the store's orders with its lines, address, payment and events (404 for another store's)",
  }),
  refund: endpoint(ADMIN_ORDERS_ROUTES.refund, {
    ...change,
    summary:
      "Store admins: refund (part of) a paid order through its payment processor, optionally putting its items back in stock; the Idempotency-Key makes a repeated request the same refund",
    headers: RefundHeadersSchema,
    body: RefundRequestSchema,
  }),
  ship: endpoint(ADMIN_ORDERS_ROUTES.ship, {
    ...change,
    summary:
      "Store admins: mark a paid order shipped with its carrier and tracking number (or correct them); the buyer is mailed, and the order page and chatbot show it",
    body: ShipmentRequestSchema,
  }),
  cancel: endpoint(ADMIN_ORDERS_ROUTES.cancel, {
    ...change,
    summary:
      "Store admins: cancel an order still awaiting payment (its stock goes back; a payment that arrives later is refunded)",
  }),
};
