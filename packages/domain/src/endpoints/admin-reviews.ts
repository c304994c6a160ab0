import { z } from "zod";
import { endpoint } from "../endpoint.ts";
import {
  OwnerReviewListQuerySchema,
  OwnerReviewPageSchema,
  OwnerReviewSchema,
  ReviewIdSchema,
  UpdateReviewSchema,
} from "../review-schema.ts";
import * as ADMIN_REVIEWS_ROUTES from "./admin-reviews-routes.ts";

/** A review's id in the path. */
const ReviewParamsSchema = z.object({ review_id: ReviewIdSchema });

/** The store admins' review moderation endpoints (modules/reviews/admin-routes.ts). */
export const adminReviewsEndpoints = {
  list: endpoint(ADMIN_REVIEWS_ROUTES.list, {
    tags: ["reviews"],
    summary: "Store admins: every review, hidden ones and reviewers' emails included, newest first",
    query: OwnerReviewListQuerySchema,
    response: { 200: OwnerReviewPageSchema },
  }),
  update: endpoint(ADMIN_REVIEWS_ROUTES.update, {
    tags: ["reviews"],
    summary: "Store admins: hide or show a review, write or remove the owner response",
    params: ReviewParamsSchema,
    body: UpdateReviewSchema,
    response: { 200: OwnerReviewSchema },
  }),
};
