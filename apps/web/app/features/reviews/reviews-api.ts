import {
  DEFAULT_REVIEW_FILTERS,
  type HelpfulVote,
  type ReviewAnswer,
  type ReviewFilters,
  type ReviewPage,
  type ReviewReportReason,
} from "@storefront/domain";
import { apiRequest } from "~/lib/api-client";

/**
 * The listing's URL for a page of reviews; parameters at their defaults are left out, so the
 * first page of a product is always the same URL (the one the product page is rendered with).
 */
export function reviewListPath(handle: string, filters: ReviewFilters, page: number): string {
  const query = new URLSearchParams();
  if (filters.sort !== DEFAULT_REVIEW_FILTERS.sort) query.set("sort", filters.sort);
  if (filters.rating !== null) query.set("rating", String(filters.rating));
  if (filters.photos) query.set("photos", "true");
  if (filters.q !== "") query.set("q", filters.q);
  if (page > 1) query.set("page", String(page));
  const search = query.toString();
  return `/api/products/${encodeURIComponent(handle)}/reviews${search ? `?${search}` : ""}`;
}

export function fetchReviewPage(
  handle: string,
  filters: ReviewFilters,
  page: number,
): Promise<ReviewPage> {
  return apiRequest<ReviewPage>("GET", reviewListPath(handle, filters, page));
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
  const query = storeId ? `?store_id=${encodeURIComponent(storeId)}` : "";
  const answer = await apiRequest<ReviewAnswer>("POST", `/reviews/addReview${query}`, submission);
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

export function setHelpfulVote(reviewId: string, helpful: boolean) {
  return apiRequest<HelpfulVote>(
    helpful ? "POST" : "DELETE",
    `/api/reviews/${encodeURIComponent(reviewId)}/helpful`,
  );
}

/** Reports a review to the store, with why. */
export function reportReview(reviewId: string, reason: ReviewReportReason) {
  return apiRequest<{ reported: true; message: string }>(
    "POST",
    `/api/reviews/${encodeURIComponent(reviewId)}/report`,
    { reason },
  );
}
