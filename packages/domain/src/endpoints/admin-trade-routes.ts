import type { Route } from "../endpoint.ts";

/** The store admins' trade application calls (the schemas are in admin-trade.ts). */
export const ADMIN_TRADE_ROUTES = {
  applications: "GET /api/admin/wholesale-applications",
  approve: "POST /api/admin/wholesale-applications/:id/approve",
} as const satisfies Record<string, Route>;
