import type { Route } from "../endpoint.ts";

// The store admins' search report (the schemas are in admin-search.ts).
// One export per route, read as the namespace ADMIN_SEARCH_ROUTES: the browser bundles only the
// routes it calls.

export const queries = "GET /api/admin/search-queries" satisfies Route;
