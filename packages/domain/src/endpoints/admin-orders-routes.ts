import type { Route } from "../endpoint.ts";

// The store admins' order calls (the schemas are in admin-orders.ts).
// One export per route, read as the namespace ADMIN_ORDERS_ROUTES: the browser bundles only the
// routes it calls.

export const list = "GET /api/admin/orders" satisfies Route;
export const order = "GET /api/admin/orders/:number" satisfies Route;
export const refund = "POST /api/admin/orders/:number/refunds" satisfies Route;
export const ship = "POST /api/admin/orders/:number/shipment" satisfies Route;
export const cancel = "POST /api/admin/orders/:number/cancel" satisfies Route;
