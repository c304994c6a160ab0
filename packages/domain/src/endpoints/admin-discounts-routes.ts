import type { Route } from "../endpoint.ts";

/** The store admins' discount codes (the schemas are in admin-discounts.ts). */
export const ADMIN_DISCOUNTS_ROUTES = {
  list: "GET /api/admin/discounts",
  create: "POST /api/admin/discounts",
  discount: "GET /api/admin/discounts/:id",
  update: "PUT /api/admin/discounts/:id",
  expire: "POST /api/admin/discounts/:id/expire",
} as const satisfies Record<string, Route>;
