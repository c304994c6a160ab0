import type { Route } from "../endpoint.ts";

// A product's reviews as shoppers read and write them, and their votes and reports (the schemas
// are in reviews.ts). The spec's client publishes with POST reviews/addReview.
// One export per route, read as the namespace REVIEWS_ROUTES: the browser bundles only the
// routes it calls.

export const list = "GET /api/products/:handle/reviews" satisfies Route;
export const add = "POST /reviews/addReview" satisfies Route;
export const markHelpful = "POST /api/reviews/:review_id/helpful" satisfies Route;
export const unmarkHelpful = "DELETE /api/reviews/:review_id/helpful" satisfies Route;
export const report = "POST /api/reviews/:review_id/report" satisfies Route;
