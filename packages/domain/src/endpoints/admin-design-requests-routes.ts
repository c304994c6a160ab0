import type { Route } from "../endpoint.ts";

// The store admins' garden design request calls (the schemas are in admin-design-requests.ts).
// One export per route, read as the namespace ADMIN_DESIGN_REQUESTS_ROUTES: the browser bundles only the
// routes it calls.

export const list = "GET /api/admin/design-requests" satisfies Route;
