import { reviewsEndpoints as reviews } from "@storefront/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { signedInUser } from "../../plugins/auth.ts";
import { endpointRead, route } from "../../plugins/endpoint.ts";
import { registerPageRead } from "../../plugins/page-reads.ts";
import { visitorSessionId, withVisitorSession } from "../../plugins/session.ts";
import { checkStoreId } from "../../plugins/store.ts";
import { listProductReviews } from "./listing.ts";
import { addReview } from "./publishing.ts";
import { accountKey, sessionKey, voterKey } from "./voters.ts";
import { reportReview, setHelpfulVote } from "./votes-and-reports.ts";

/** The voter of a request that only reads: the account, else the session it already has. */
async function currentVoter(request: FastifyRequest): Promise<string | null> {
  const user = await signedInUser(request);
  return voterKey({ userId: user?.id ?? null, sessionId: visitorSessionId(request) });
}

export const productReviewsRead = endpointRead(reviews.list, {
  shows: (params) => [`product:${params.handle}`],
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

  route(app, reviews.add, async (request, reply) => {
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
  });

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

  route(app, reviews.markHelpful, async (request, reply) =>
    vote(request, reply, request.params.review_id),
  );

  route(app, reviews.unmarkHelpful, async (request) =>
    setHelpfulVote(
      deps,
      { storeId: request.storeId, ip: request.ip, voter: await currentVoter(request) },
      request.params.review_id,
      false,
    ),
  );

  route(app, reviews.report, async (request, reply) => {
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
  });
};
