import type { Route } from "../endpoint.ts";

// The store admins' discount codes (the schemas are in admin-discounts.ts).
// One export per route, read as the namespace ADMIN_DISCOUNTS_ROUTES: the browser bundles only the
// routes it calls.

export const list = "GET /api/admin/discounts" satisfies Route;
export const create = "POST /api/admin/discounts" satisfies Route;
export const discount = "GET /api/admin/discounts/:id" satisfies Route;
export const update = "PUT /api/admin/discounts/:id" satisfies Route;
export const expire = "POST /api/admin/discounts/:id/expire" satisfies Route;
