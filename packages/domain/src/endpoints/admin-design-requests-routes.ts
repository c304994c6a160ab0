import type { Route } from "../endpoint.ts";

/** The store admins' garden design request calls (the schemas are in admin-design-requests.ts). */
export const ADMIN_DESIGN_REQUESTS_ROUTES = {
  list: "GET /api/admin/design-requests",
} as const satisfies Record<string, Route>;
