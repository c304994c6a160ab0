// What a review shows a shopper and what it shows the store's owner, from its row.
import type { OwnerReview, Review, ReviewReportReason } from "@storefront/domain";
import type { reviews } from "./schema.ts";

export type ReviewRow = typeof reviews.$inferSelect;

/** The public view: never the reviewer's email, never the hidden state. */
export function publicView(
  row: ReviewRow,
  productName: string,
  verified: boolean,
  voted: boolean,
): Review {
  return {
    review_id: row.reviewId,
    review_rating: row.rating,
    review_date: row.createdAt.toISOString(),
    review_title: row.title,
    review_description: row.description,
    reviewer_name: row.reviewerName,
    profile_image: row.profileImage,
    product_name: productName,
    owner_response: row.ownerResponse,
    verified,
    helpful_count: row.helpfulCount,
    media: row.media,
    voted,
  };
}

export function ownerView(
  row: ReviewRow,
  product: { handle: string; title: string },
  verified: boolean,
  reportReasons: { reason: ReviewReportReason; count: number }[],
): OwnerReview {
  const { voted: _voted, ...view } = publicView(row, product.title, verified, false);
  return {
    ...view,
    product_handle: product.handle,
    reviewer_email: row.reviewerEmail,
    hidden: row.hidden,
    reports: reportReasons.reduce((n, r) => n + r.count, 0),
    report_reasons: reportReasons,
  };
}
