import { DEFAULT_REVIEW_FILTERS, type ReviewFilters } from "@storefront/domain";
import * as api from "~/lib/api";

/** The query's values of the ratings 1 to 5. */
const RATINGS = ["1", "2", "3", "4", "5"] as const;

/**
 * A page of a product's reviews; parameters at their defaults are left out, so the first page
 * of a product is always the same URL (the one the product page is rendered with).
 */
export function fetchReviewPage(handle: string, filters: ReviewFilters, page: number) {
  return api.reviews.list({
    params: { handle },
    query: {
      sort: filters.sort === DEFAULT_REVIEW_FILTERS.sort ? undefined : filters.sort,
      rating: RATINGS[(filters.rating ?? 0) - 1],
      photos: filters.photos ? "true" : undefined,
      q: filters.q === "" ? undefined : filters.q,
      page: page > 1 ? page : undefined,
    },
  });
}

/** POST /reviews/addReview (spec section 7); the store_id goes in the query as the spec sends it. */
export interface ReviewSubmission {
  handle: string;
  review_id: string;
  review_rating: number;
  reviewer_name: string;
  review_description: string;
  review_title: string;
  reviewer_email: string;
  /** The one-time link of the order email, when the dialog was opened from it. */
  review_token?: string;
}

export async function submitReview(storeId: string, submission: ReviewSubmission) {
  const answer = await api.reviews.add(submission, { query: { store_id: storeId || undefined } });
  return answer.review;
}

/**
 * The spec's client sends a timestamp string; a random tail keeps two shoppers who submit in the
 * same millisecond apart. Made once per dialog, so a retry after a failure is the same review.
 */
export function newReviewId(): string {
  const tail = crypto.getRandomValues(new Uint32Array(1))[0] ?? 0;
  return `${Date.now()}${String(tail % 1_000_000).padStart(6, "0")}`;
}

/** Marks a review helpful, or takes the vote back. */
export function setHelpfulVote(reviewId: string, helpful: boolean) {
  const where = { params: { review_id: reviewId } };
  return helpful ? api.reviews.markHelpful(undefined, where) : api.reviews.unmarkHelpful(where);
}
