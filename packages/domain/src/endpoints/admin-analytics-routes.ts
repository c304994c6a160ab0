import type { Route } from "../endpoint.ts";

/** The store admins' dashboard and abandoned-cart report (the schemas are in admin-analytics.ts). */
export const ADMIN_ANALYTICS_ROUTES = {
  dashboard: "GET /api/admin/dashboard",
  abandonedCarts: "GET /api/admin/abandoned-carts",
} as const satisfies Record<string, Route>;
