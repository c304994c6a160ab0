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
} from "@storefront/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { signedInUser } from "../../plugins/auth.ts";
import { pageRead, registerPageRead } from "../../plugins/page-reads.ts";
import { visitorSessionId, withVisitorSession } from "../../plugins/session.ts";
import { checkStoreId } from "../../plugins/store.ts";
import { listProductReviews } from "./listing.ts";
import { addReview } from "./publishing.ts";
import { accountKey, sessionKey, voterKey } from "./voters.ts";
import { reportReview, setHelpfulVote } from "./votes-and-reports.ts";

const ReviewParams = z.object({ review_id: ReviewIdSchema });

/** The voter of a request that only reads: the account, else the session it already has. */
async function currentVoter(request: FastifyRequest): Promise<string | null> {
  const user = await signedInUser(request);
  return voterKey({ userId: user?.id ?? null, sessionId: visitorSessionId(request) });
}

export const productReviewsRead = pageRead({
  url: "/api/products/:handle/reviews",
  tags: ["reviews"],
  summary:
    "A page of 25 of a product's reviews (sort, rating, photos, q), with its average, count and share per star",
  shows: (params) => [`product:${params.handle}`],
  params: z.object({ handle: ProductHandleSchema }),
  querystring: ReviewListQuerySchema,
  response: ReviewPageSchema,
  read: async (request, { params, query }) =>
    listProductReviews(
      request.server.db,
      request.storeId,
      params.handle,
      query,
      await currentVoter(request),
    ),
});

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, limiter: app.rateLimiter, linkKey: app.sessionKey };

  app.post(
    "/reviews/addReview",
    {
      schema: {
        tags: ["reviews"],
        summary:
          "Publish a review (spec); 201, or 200 with the stored review when review_id was sent before",
        querystring: ReviewStoreQuerySchema,
        body: AddReviewSchema,
        response: { 200: ReviewAnswerSchema, 201: ReviewAnswerSchema },
      },
    },
    async (request, reply) => {
      checkStoreId(request, request.query.store_id);
      const user = await signedInUser(request);
      const context = { storeId: request.storeId, ip: request.ip, userId: user?.id ?? null };
      // The author is the account, else the visitor's session (opened by a guest's first
      // review), so the same visitor's resend is the same review and nobody else's can be.
      const { review, created } = user
        ? await addReview(deps, { ...context, author: accountKey(user.id) }, request.body)
        : await withVisitorSession(request, reply, (sessionId) =>
            addReview(deps, { ...context, author: sessionKey(sessionId) }, request.body),
          );
      reply.status(created ? 201 : 200);
      return { review };
    },
  );

  registerPageRead(app, productReviewsRead);

  /** A guest's first vote opens a visitor session (cookie), which then identifies the voter. */
  async function vote(request: FastifyRequest, reply: FastifyReply, reviewId: string) {
    const user = await signedInUser(request);
    const context = { storeId: request.storeId, ip: request.ip };
    if (user) {
      const voter = voterKey({ userId: user.id, sessionId: null });
      return setHelpfulVote(deps, { ...context, voter }, reviewId, true);
    }
    return withVisitorSession(request, reply, (sessionId) =>
      setHelpfulVote(
        deps,
        { ...context, voter: voterKey({ userId: null, sessionId }) },
        reviewId,
        true,
      ),
    );
  }

  app.post(
    "/api/reviews/:review_id/helpful",
    {
      schema: {
        tags: ["reviews"],
        summary: "Mark a review helpful: one vote per visitor (account, else session cookie)",
        params: ReviewParams,
        response: { 200: HelpfulVoteSchema },
      },
    },
    async (request, reply) => vote(request, reply, request.params.review_id),
  );

  app.delete(
    "/api/reviews/:review_id/helpful",
    {
      schema: {
        tags: ["reviews"],
        summary: "Take back the visitor's helpful vote",
        params: ReviewParams,
        response: { 200: HelpfulVoteSchema },
      },
    },
    async (request) =>
      setHelpfulVote(
        deps,
        { storeId: request.storeId, ip: request.ip, voter: await currentVoter(request) },
        request.params.review_id,
        false,
      ),
  );

  app.post(
    "/api/reviews/:review_id/report",
    {
      schema: {
        tags: ["reviews"],
        summary:
          "Report a review to the store (spam, offensive, off_topic, other): one report per visitor and address",
        params: ReviewParams,
        body: ReportReviewSchema,
        response: { 200: ReportAnswerSchema },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const context = { storeId: request.storeId, ip: request.ip };
      const { review_id: reviewId } = request.params;
      const { reason } = request.body;
      if (user) {
        return reportReview(deps, { ...context, reporter: accountKey(user.id) }, reviewId, reason);
      }
      return withVisitorSession(request, reply, (sessionId) =>
        reportReview(deps, { ...context, reporter: sessionKey(sessionId) }, reviewId, reason),
      );
    },
  );
};
