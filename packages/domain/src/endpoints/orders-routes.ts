import type { Route } from "../endpoint.ts";

/** A shopper's orders: one by its number, and the account's (the schemas are in orders.ts). */
export const ORDERS_ROUTES = {
  order: "GET /api/orders/:number",
  accountOrders: "GET /api/account/orders",
} as const satisfies Record<string, Route>;
