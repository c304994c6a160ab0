import type { Route } from "../endpoint.ts";

/** The store admins' search report (the schemas are in admin-search.ts). */
export const ADMIN_SEARCH_ROUTES = {
  queries: "GET /api/admin/search-queries",
} as const satisfies Record<string, Route>;
