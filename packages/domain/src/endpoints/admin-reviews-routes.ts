import type { Route } from "../endpoint.ts";

/** The store admins' review moderation calls (the schemas are in admin-reviews.ts). */
export const ADMIN_REVIEWS_ROUTES = {
  list: "GET /api/admin/reviews",
  update: "PATCH /api/admin/reviews/:review_id",
} as const satisfies Record<string, Route>;
