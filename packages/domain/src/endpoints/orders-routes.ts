import type { Route } from "../endpoint.ts";

// A shopper's orders: one by its number, and the account's (the schemas are in orders.ts).
// One export per route, read as the namespace ORDERS_ROUTES: the browser bundles only the
// routes it calls.

export const order = "GET /api/orders/:number" satisfies Route;
export const accountOrders = "GET /api/account/orders" satisfies Route;
