import { z } from "zod";
import { EmailSchema, StoreIdSchema } from "./account-schema.ts";
import {
  DEFAULT_REVIEW_SORT,
  REVIEW_MESSAGES as M,
  OWNER_RESPONSE_MAX_LENGTH,
  REVIEW_DESCRIPTION_MAX_LENGTH,
  REVIEW_ID_MAX_LENGTH,
  REVIEW_NAME_MAX_LENGTH,
  REVIEW_RATING_MAX,
  REVIEW_RATING_MIN,
  REVIEW_REPORT_REASONS,
  REVIEW_SEARCH_MAX_LENGTH,
  REVIEW_SORTS,
  REVIEW_TITLE_MAX_LENGTH,
  REVIEW_TOKEN_MAX_LENGTH,
} from "./review.ts";

/** A product handle as URLs carry it. */
export const ProductHandleSchema = z
  .string({ error: M.handleInvalid })
  .max(200, M.handleInvalid)
  .regex(/^[a-z0-9][a-z0-9-]*$/, M.handleInvalid);

/**
 * The client's id of a review (the spec's client sends a timestamp string; a number is taken as
 * its digits). Letters, digits and `._:-` only, so it is safe in a URL path.
 */
export const ReviewIdSchema = z
  .union([z.string(), z.number().int().nonnegative()], { error: M.reviewIdInvalid })
  .transform(String)
  .pipe(
    z
      .string()
      .trim()
      .min(1, M.reviewIdInvalid)
      .max(REVIEW_ID_MAX_LENGTH, M.reviewIdInvalid)
      .regex(/^[A-Za-z0-9._:-]+$/, M.reviewIdInvalid),
  );

export const ReviewRatingSchema = z
  .number({ error: M.ratingRequired })
  .int(M.ratingRequired)
  .min(REVIEW_RATING_MIN, M.ratingRequired)
  .max(REVIEW_RATING_MAX, M.ratingRequired);

/** POST /reviews/addReview (spec section 3, "Review submission"). */
export const AddReviewSchema = z.strictObject({
  handle: ProductHandleSchema,
  review_id: ReviewIdSchema,
  review_rating: ReviewRatingSchema,
  reviewer_name: z
    .string({ error: M.nameRequired })
    .trim()
    .min(1, M.nameRequired)
    .max(REVIEW_NAME_MAX_LENGTH, M.nameTooLong),
  review_description: z
    .string({ error: M.descriptionRequired })
    .trim()
    .min(1, M.descriptionRequired)
    .max(REVIEW_DESCRIPTION_MAX_LENGTH, M.descriptionTooLong),
  // The spec's dialog always sends "".
  review_title: z
    .string({ error: M.titleTooLong })
    .trim()
    .max(REVIEW_TITLE_MAX_LENGTH, M.titleTooLong)
    .optional()
    .default(""),
  reviewer_email: EmailSchema,
  /**
   * The one-time link of the order email (not in the spec): the review comes from the buyer, so
   * it is a 'Verified Buyer' review even from a guest.
   */
  review_token: z
    .string({ error: M.reviewLinkInvalid })
    .max(REVIEW_TOKEN_MAX_LENGTH, M.reviewLinkInvalid)
    .regex(/^[A-Za-z0-9:._-]+$/, M.reviewLinkInvalid)
    .optional(),
});
export type AddReviewInput = z.infer<typeof AddReviewSchema>;

/** ?store_id= of the spec's call: optional, and when sent it must be the Host's store. */
export const ReviewStoreQuerySchema = z.strictObject({ store_id: StoreIdSchema.optional() });

const BooleanQuery = z
  .enum(["true", "false", "1", "0"], { error: "must be true or false" })
  .transform((value) => value === "true" || value === "1");

/** GET /api/products/{handle}/reviews: order, filters and page (25 per page). */
export const ReviewListQuerySchema = z.strictObject({
  sort: z
    .enum(REVIEW_SORTS, { error: `sort must be one of ${REVIEW_SORTS.join(", ")}` })
    .default(DEFAULT_REVIEW_SORT),
  rating: z
    .enum(["all", "1", "2", "3", "4", "5"], { error: "rating must be all or 1 to 5" })
    .default("all")
    .transform((value) => (value === "all" ? null : Number(value))),
  photos: BooleanQuery.default(false),
  q: z.string().trim().max(REVIEW_SEARCH_MAX_LENGTH, M.searchTooLong).default(""),
  page: z.coerce
    .number({ error: "page must be a whole number from 1" })
    .int("page must be a whole number from 1")
    .min(1, "page must be a whole number from 1")
    .max(100_000, "page must be a whole number from 1")
    .default(1),
});
export type ReviewListQuery = z.infer<typeof ReviewListQuerySchema>;

/** GET /api/admin/reviews: every review of the store, hidden ones too, newest first. */
export const OwnerReviewListQuerySchema = z.strictObject({
  handle: ProductHandleSchema.optional(),
  /** Only reviews shoppers reported, the most reported first. */
  reported: z
    .enum(["", "0", "1", "true", "false"], { error: "reported must be true or false" })
    .optional()
    .transform((v) => v === "1" || v === "true"),
  page: ReviewListQuerySchema.shape.page,
});

/** POST /api/reviews/{review_id}/report: why. One report per visitor (and address) per review. */
export const ReportReviewSchema = z.strictObject({
  reason: z.enum(REVIEW_REPORT_REASONS, { error: M.reportReason }),
});
export const ReportAnswerSchema = z.object({ reported: z.literal(true), message: z.string() });

/** PATCH /api/admin/reviews/{review_id}: hide or show a review, write or remove the response. */
export const UpdateReviewSchema = z
  .strictObject({
    hidden: z.boolean({ error: "hidden must be true or false" }).optional(),
    // "" or null removes the response.
    owner_response: z
      .string({ error: M.ownerResponseTooLong })
      .trim()
      .max(OWNER_RESPONSE_MAX_LENGTH, M.ownerResponseTooLong)
      .nullable()
      .optional()
      .transform((value) => (value === "" ? null : value)),
  })
  .refine((patch) => patch.hidden !== undefined || patch.owner_response !== undefined, {
    message: M.nothingToChange,
  });
export type UpdateReviewInput = z.infer<typeof UpdateReviewSchema>;

/** A photo or video attached to a review. */
export const ReviewMediaSchema = z.object({
  type: z.enum(["image", "video"]),
  url: z.string(),
  alt: z.string(),
});
export type ReviewMedia = z.infer<typeof ReviewMediaSchema>;

/**
 * A review as the public listing answers it (spec section 3, "Review (as read)"), without the
 * reviewer's email: a public answer never carries personal data beyond the name shown (the
 * response schema drops the rest).
 */
export const ReviewSchema = z.object({
  review_id: z.string(),
  review_rating: z.number().int(),
  /** ISO 8601, UTC. */
  review_date: z.string(),
  review_title: z.string(),
  review_description: z.string(),
  reviewer_name: z.string(),
  profile_image: z.string().nullable(),
  product_name: z.string(),
  /** The store's answer, or null when it has none. */
  owner_response: z.string().nullable(),
  /** The reviewer's email has a paid order for this product. */
  verified: z.boolean(),
  helpful_count: z.number().int(),
  /** Non-empty: the review has photos or videos. */
  media: z.array(ReviewMediaSchema),
  /** Whether the visitor asking has marked this review helpful. */
  voted: z.boolean(),
});
export type Review = z.infer<typeof ReviewSchema>;

/** A review as the store's admins see it: the reviewer's email and the hidden state too. */
export const OwnerReviewSchema = ReviewSchema.omit({ voted: true }).extend({
  product_handle: z.string(),
  reviewer_email: z.string(),
  hidden: z.boolean(),
  /** Shoppers' reports of it: how many, and how many for each reason given. */
  reports: z.number().int(),
  report_reasons: z.array(
    z.object({ reason: z.enum(REVIEW_REPORT_REASONS), count: z.number().int() }),
  ),
});
export type OwnerReview = z.infer<typeof OwnerReviewSchema>;

export const RatingShareSchema = z.object({
  stars: z.number().int(),
  count: z.number().int(),
  /** Whole percent of all reviews, for the bar chart. */
  percent: z.number().int(),
});
export type RatingShare = z.infer<typeof RatingShareSchema>;

export const ReviewSummarySchema = z.object({
  /** Mean rating to 2 decimals; 0 when there are none. */
  average: z.number(),
  count: z.number().int(),
  /** Stars 5 to 1. */
  distribution: z.array(RatingShareSchema),
});
export type ReviewSummary = z.infer<typeof ReviewSummarySchema>;

/** GET /api/products/{handle}/reviews: one page, with the aggregates of all visible reviews. */
export const ReviewPageSchema = z.object({
  handle: z.string(),
  product_name: z.string(),
  summary: ReviewSummarySchema,
  /** Reviews that match the filters (all pages). */
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  has_more: z.boolean(),
  reviews: z.array(ReviewSchema),
});
export type ReviewPage = z.infer<typeof ReviewPageSchema>;

/** GET /api/admin/reviews: every review of the store, hidden ones too, newest first. */
export const OwnerReviewPageSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  has_more: z.boolean(),
  reviews: z.array(OwnerReviewSchema),
});
export type OwnerReviewPage = z.infer<typeof OwnerReviewPageSchema>;

/** POST /reviews/addReview: the stored review (201 new, 200 when review_id was sent before). */
export const ReviewAnswerSchema = z.object({ review: ReviewSchema });
export type ReviewAnswer = z.infer<typeof ReviewAnswerSchema>;

/** POST and DELETE /api/reviews/{review_id}/helpful: the count and the visitor's vote. */
export const HelpfulVoteSchema = z.object({ helpful_count: z.number().int(), voted: z.boolean() });
export type HelpfulVote = z.infer<typeof HelpfulVoteSchema>;
