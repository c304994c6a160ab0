import { adminReviewsEndpoints as reviews } from "@storefront/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { adminActor } from "../../plugins/auth.ts";
import { route } from "../../plugins/endpoint.ts";
import { listStoreReviews, updateReview } from "./moderation.ts";

// Every route's method, path and schemas are its descriptor's (packages/domain/src/endpoints).

/** The admin routes of this module, registered inside the one /api/admin scope and its guard (app.ts). */
export const reviewsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, reviews.list, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return listStoreReviews(app.db, request.storeId, request.query);
  });

  route(app, reviews.update, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return updateReview(
      app.db,
      request.storeId,
      request.params.review_id,
      request.body,
      await adminActor(request),
    );
  });
};
