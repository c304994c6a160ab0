import type { Route } from "../endpoint.ts";

// The store admins' review moderation calls (the schemas are in admin-reviews.ts).
// One export per route, read as the namespace ADMIN_REVIEWS_ROUTES: the browser bundles only the
// routes it calls.

export const list = "GET /api/admin/reviews" satisfies Route;
export const update = "PATCH /api/admin/reviews/:review_id" satisfies Route;
