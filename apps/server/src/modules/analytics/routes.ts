import {
  AbandonedCartBeaconSchema,
  ANALYTICS_LIMITS,
  ANALYTICS_MESSAGES,
  AnalyticsSessionSchema,
  CartViewSchema,
  CollectDataSchema,
  DomainError,
  ERROR_MESSAGES,
  InitializeSessionSchema,
  RecoverCartSchema,
  SessionDataSchema,
  UnsubscribeAnswerSchema,
  UnsubscribeSchema,
} from "@storefront/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { recoverCart } from "../../flows/recover-cart.ts";
import { cartLeft, openVisit } from "../../flows/visits.ts";
import { consume, RATE_LIMITS } from "../../lib/rate-limit.ts";
import { signedInUser } from "../../plugins/auth.ts";
import { withCartOwner } from "../../plugins/cart-owner.ts";
import { requestOrigin } from "../../plugins/origin.ts";
import { setVisitCookie, visitId, visitorSessionId } from "../../plugins/session.ts";
import { checkStoreId } from "../../plugins/store.ts";
import { storeLinkOrigin } from "../stores/index.ts";
import { createIpLookup } from "./geo.ts";
import { unsubscribe } from "./recovery.ts";
import { recordLocation } from "./sessions.ts";

const NoContent = { 204: z.null().describe("Recorded; nothing to read") };

/** The visit's analytics session, else a 400 saying to open one first. */
function requireVisit(request: FastifyRequest): string {
  const id = visitId(request);
  if (!id) throw new DomainError("invalid", ANALYTICS_MESSAGES.noSession);
  return id;
}

/**
 * The analytics calls of spec section 7 (`/metrics/*`) and the abandoned-cart report. Beacons
 * (`navigator.sendBeacon`) send their JSON as text/plain, so text/plain bodies are read as JSON
 * here; every body is capped at ANALYTICS_LIMITS.bodyBytes.
 */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser("text/plain");
  app.addContentTypeParser("text/plain", { parseAs: "string" }, (_request, body, done) => {
    try {
      done(null, JSON.parse(String(body)));
    } catch {
      done(new DomainError("invalid", ERROR_MESSAGES.invalidJson));
    }
  });
  const lookup = createIpLookup(app.config);
  const bodyLimit = ANALYTICS_LIMITS.bodyBytes;

  app.post(
    "/metrics/initialize",
    {
      bodyLimit,
      schema: {
        tags: ["analytics"],
        summary:
          "Open (or resume, within 30 idle minutes) the visit's analytics session (spec); store_id must be this store's",
        body: InitializeSessionSchema,
        response: { 200: AnalyticsSessionSchema },
      },
    },
    async (request, reply) => {
      checkStoreId(request, request.body.store_id);
      if (!visitId(request)) {
        await consume(app.rateLimiter, request.storeId, RATE_LIMITS.newVisitsPerIp, request.ip);
      }
      const user = await signedInUser(request);
      const visitor = { userId: user?.id ?? null, sessionId: visitorSessionId(request) };
      // A page visit brings an abandoned cart back to active (spec section 4).
      const session = await openVisit(app.db, {
        storeId: request.storeId,
        existingId: visitId(request),
        visitorSessionId: visitor.sessionId,
        userId: visitor.userId,
        now: new Date(),
      });
      setVisitCookie(request, reply, session.session_id);
      reply.header("cache-control", "no-store");
      return session;
    },
  );

  app.post(
    "/metrics/update-session-data",
    {
      bodyLimit,
      schema: {
        tags: ["analytics"],
        summary:
          "The visit's analytics state (spec section 3), usually by beacon (JSON as text/plain); written within a second",
        body: SessionDataSchema,
        response: NoContent,
      },
    },
    async (request, reply) => {
      const sessionId = requireVisit(request);
      app.analytics.push({
        sessionId,
        storeId: request.storeId,
        visitorSessionId: visitorSessionId(request),
        data: request.body,
        at: new Date(),
        bytes: Number(request.headers["content-length"] ?? 0) || ANALYTICS_LIMITS.bodyBytes,
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/metrics/collect-data",
    {
      bodyLimit,
      schema: {
        tags: ["analytics"],
        summary:
          "Store where the visit comes from (spec): looked up for the connection's address (never the address sent, which is only checked), once per visit",
        body: CollectDataSchema,
        response: NoContent,
      },
    },
    async (request, reply) => {
      const sessionId = requireVisit(request);
      const visit = {
        storeId: request.storeId,
        sessionId,
        // The connection's address (the proxy's word only when TRUST_PROXY says to believe it).
        ip: request.ip,
        headers: { ...request.headers },
      };
      app.background.run("locating a visit", async () => {
        await recordLocation({ db: app.db, lookup, log: request.log }, visit);
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/metrics/abandoned-cart",
    {
      bodyLimit,
      schema: {
        tags: ["analytics"],
        summary:
          "The page was left with {cartItems} (spec, a beacon): the visitor's active cart with lines becomes abandoned",
        body: AbandonedCartBeaconSchema,
        response: NoContent,
      },
    },
    async (request, reply) => {
      if (request.body.cartItems.length > 0) {
        const owner = await request.cartOwner();
        const origin = await storeLinkOrigin(app.db, owner.storeId, requestOrigin(request));
        await cartLeft(app.db, owner, new Date(), origin);
      }
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/api/cart/recover",
    {
      schema: {
        tags: ["analytics"],
        summary:
          "A recovery email's link: the abandoned cart's lines become this browser's cart; the link works once, within its days",
        body: RecoverCartSchema,
        response: { 200: CartViewSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return withCartOwner(request, reply, (owner) =>
        recoverCart(app.db, owner, request.body.token, new Date()),
      );
    },
  );

  app.post(
    "/api/email/unsubscribe",
    {
      schema: {
        tags: ["analytics"],
        summary:
          "A recovery email's unsubscribe link: no more cart reminders to that address from this store",
        body: UnsubscribeSchema,
        response: { 200: UnsubscribeAnswerSchema },
      },
    },
    async (request) => ({
      message: await unsubscribe(app.db, app.sessionKey, request.storeId, request.body.token),
    }),
  );
};
