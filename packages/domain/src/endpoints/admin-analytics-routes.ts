import type { Route } from "../endpoint.ts";

// The store admins' dashboard and abandoned-cart report (the schemas are in admin-analytics.ts).
// One export per route, read as the namespace ADMIN_ANALYTICS_ROUTES: the browser bundles only the
// routes it calls.

export const dashboard = "GET /api/admin/dashboard" satisfies Route;
export const abandonedCarts = "GET /api/admin/abandoned-carts" satisfies Route;
