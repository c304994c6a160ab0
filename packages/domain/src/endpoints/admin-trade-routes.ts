import type { Route } from "../endpoint.ts";

// The store admins' trade application calls (the schemas are in admin-trade.ts).
// One export per route, read as the namespace ADMIN_TRADE_ROUTES: the browser bundles only the
// routes it calls.

export const applications = "GET /api/admin/wholesale-applications" satisfies Route;
export const approve = "POST /api/admin/wholesale-applications/:id/approve" satisfies Route;
