import { z } from "zod";
import { endpoint } from "../endpoint.ts";
import {
  AddReviewSchema,
  HelpfulVoteSchema,
  ProductHandleSchema,
  ReportAnswerSchema,
  ReportReviewSchema,
  ReviewAnswerSchema,
  ReviewIdSchema,
  ReviewListQuerySchema,
  ReviewPageSchema,
  ReviewStoreQuerySchema,
} from "../review-schema.ts";
import * as REVIEWS_ROUTES from "./reviews-routes.ts";

/** A review's id in the path. */
const ReviewParamsSchema = z.object({ review_id: ReviewIdSchema });

/** The reviews' public endpoints (registered by modules/reviews/routes.ts). */
export const reviewsEndpoints = {
  list: endpoint(REVIEWS_ROUTES.list, {
    tags: ["reviews"],
    summary:
      "A page of 25 of a product's reviews (sort, rating, photos, q), with its average, count and share per star",
    params: z.object({ handle: ProductHandleSchema }),
    query: ReviewListQuerySchema,
    response: { 200: ReviewPageSchema },
  }),
  add: endpoint(REVIEWS_ROUTES.add, {
    tags: ["reviews"],
    summary:
      "Publish a review (spec); 201, or 200 with the stored review when review_id was sent before",
    query: ReviewStoreQuerySchema,
    body: AddReviewSchema,
    response: { 200: ReviewAnswerSchema, 201: ReviewAnswerSchema },
  }),
  markHelpful: endpoint(REVIEWS_ROUTES.markHelpful, {
    tags: ["reviews"],
    summary: "Mark a review helpful: one vote per visitor (account, else session cookie)",
    params: ReviewParamsSchema,
    response: { 200: HelpfulVoteSchema },
  }),
  unmarkHelpful: endpoint(REVIEWS_ROUTES.unmarkHelpful, {
    tags: ["reviews"],
    summary: "Take back the visitor's helpful vote",
    params: ReviewParamsSchema,
    response: { 200: HelpfulVoteSchema },
  }),
  report: endpoint(REVIEWS_ROUTES.report, {
    tags: ["reviews"],
    summary:
      "Report a review to the store (spam, offensive, off_topic, other): one report per visitor and address",
    params: ReviewParamsSchema,
    body: ReportReviewSchema,
    response: { 200: ReportAnswerSchema },
  }),
};
