import { endpoint } from "../endpoint.ts";
import {
  OrderKeyQuerySchema,
  OrderListSchema,
  OrderParamsSchema,
  OrderViewSchema,
} from "../order-schema.ts";
import * as ORDERS_ROUTES from "./orders-routes.ts";

const tags = ["orders"];

/** A shopper's orders (registered by modules/orders/routes.ts). */
export const ordersEndpoints = {
  order: endpoint(ORDERS_ROUTES.order, {
    tags,
    summary:
      "One order, for its signed-in owner or with the key from the confirmation email (404 otherwise)",
    params: OrderParamsSchema,
    query: OrderKeyQuerySchema,
    response: { 200: OrderViewSchema },
  }),
  accountOrders: endpoint(ORDERS_ROUTES.accountOrders, {
    tags,
    summary: "The signed-in shopper's orders, newest first (401 when signed out)",
    response: { 200: OrderListSchema },
  }),
};
