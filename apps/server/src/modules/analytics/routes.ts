import {
  ANALYTICS_LIMITS,
  ANALYTICS_MESSAGES,
  analyticsEndpoints as analytics,
  DomainError,
  ERROR_MESSAGES,
} from "@storefront/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { recoverCart } from "../../flows/recover-cart.ts";
import { cartLeft, openVisit } from "../../flows/visits.ts";
import { consume, RATE_LIMITS } from "../../lib/rate-limit.ts";
import { signedInUser } from "../../plugins/auth.ts";
import { withCartOwner } from "../../plugins/cart-owner.ts";
import { route } from "../../plugins/endpoint.ts";
import { requestOrigin } from "../../plugins/origin.ts";
import { setVisitCookie, visitId, visitorSessionId } from "../../plugins/session.ts";
import { checkStoreId } from "../../plugins/store.ts";
import { storeLinkOrigin } from "../stores/index.ts";
import { createIpLookup } from "./geo.ts";
import { unsubscribe } from "./recovery.ts";
import { recordLocation } from "./sessions.ts";

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

  route(
    app,
    analytics.initialize,
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
    { bodyLimit },
  );

  route(
    app,
    analytics.updateSessionData,
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
      reply.code(204);
      return null;
    },
    { bodyLimit },
  );

  route(
    app,
    analytics.collectData,
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
      reply.code(204);
      return null;
    },
    { bodyLimit },
  );

  route(
    app,
    analytics.abandonedCart,
    async (request, reply) => {
      if (request.body.cartItems.length > 0) {
        const owner = await request.cartOwner();
        const origin = await storeLinkOrigin(app.db, owner.storeId, requestOrigin(request));
        await cartLeft(app.db, owner, new Date(), origin);
      }
      reply.code(204);
      return null;
    },
    { bodyLimit },
  );

  route(app, analytics.recoverCart, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return withCartOwner(request, reply, (owner) =>
      recoverCart(app.db, owner, request.body.token, new Date()),
    );
  });

  route(app, analytics.unsubscribe, async (request) => ({
    message: await unsubscribe(app.db, app.sessionKey, request.storeId, request.body.token),
  }));
};
