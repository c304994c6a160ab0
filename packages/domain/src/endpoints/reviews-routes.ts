import type { Route } from "../endpoint.ts";

/**
 * A product's reviews as shoppers read and write them, and their votes and reports (the schemas
 * are in reviews.ts). The spec's client publishes with POST reviews/addReview.
 */
export const REVIEWS_ROUTES = {
  list: "GET /api/products/:handle/reviews",
  add: "POST /reviews/addReview",
  markHelpful: "POST /api/reviews/:review_id/helpful",
  unmarkHelpful: "DELETE /api/reviews/:review_id/helpful",
  report: "POST /api/reviews/:review_id/report",
} as const satisfies Record<string, Route>;
