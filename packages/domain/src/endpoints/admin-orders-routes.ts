import type { Route } from "../endpoint.ts";

/** The store admins' order calls (the schemas are in admin-orders.ts). */
export const ADMIN_ORDERS_ROUTES = {
  list: "GET /api/admin/orders",
  order: "GET /api/admin/orders/:number",
  refund: "POST /api/admin/orders/:number/refunds",
  ship: "POST /api/admin/orders/:number/shipment",
  cancel: "POST /api/admin/orders/:number/cancel",
} as const satisfies Record<string, Route>;
