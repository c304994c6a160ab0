import { DomainError, PLATFORM_MESSAGES as M, platformEndpointsOf } from "@storefront/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requestAcrossStores } from "../../db/store-scope.ts";
import { openStore } from "../../flows/open-store.ts";
import { consume, RATE_LIMITS, rateLimitKey, refuseWhenLimited } from "../../lib/rate-limit.ts";
import { cookieOptions } from "../../plugins/cookies.ts";
import { route } from "../../plugins/endpoint.ts";
import {
  acceptImageUploads,
  IMAGE_UPLOAD_BODY_LIMIT,
  uploadedImage,
} from "../../plugins/image-upload.ts";
import { requestOrigin } from "../../plugins/origin.ts";
import { neverCached } from "../../plugins/security-headers.ts";
import { isCommonPassword } from "../accounts/index.ts";
import {
  endOperatorSession,
  OPERATOR_SESSION_TTL_MS,
  type Operator,
  operatorOfSession,
  setOperatorPassword,
  signInOperator,
} from "./operators.ts";
import { changeStore, listStores, platformStore, setStoreLogo } from "./stores.ts";

/** The operator's session: HttpOnly, SameSite=Strict, on the platform's host only. */
export const PLATFORM_COOKIE = "sf_platform";
/** Rate limits of operators' sign-ins are kept apart from every store's. */
const PLATFORM_SCOPE = "platform";

// Every route's method, path and schemas are its descriptor's (packages/domain/src/endpoints),
// an operator's new password judged against the common-password list.
const platform = platformEndpointsOf(isCommonPassword);

function setPlatformCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(PLATFORM_COOKIE, token, {
    ...cookieOptions(request, { maxAgeS: OPERATOR_SESSION_TTL_MS / 1000 }),
    sameSite: "strict",
  });
}

/**
 * The platform's own API, for its operators (not any store's admins): answered only on
 * PLATFORM_HOST, every other host gets the API's 404 as for a path that does not exist.
 */
export const platformRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const rules = {
    platformHost: app.config.platformHost,
    defaultStoreId: app.config.defaultStoreId,
  };
  neverCached(app);

  app.addHook("onRequest", async (request, reply) => {
    if (request.hostname.split(":")[0]?.toLowerCase() !== app.config.platformHost) {
      reply.callNotFound();
      return reply;
    }
    // The platform's operators open, list and disable every store.
    requestAcrossStores();
  });

  async function requireOperator(request: FastifyRequest): Promise<Operator> {
    const operator = await operatorOfSession(db, request.cookies[PLATFORM_COOKIE]);
    if (!operator) throw new DomainError("unauthorized", M.signInNeeded);
    return operator;
  }

  route(app, platform.setPassword, async (request, reply) => {
    // Guessing links: an IP gets as many tries as at a store's password reset.
    await consume(app.rateLimiter, PLATFORM_SCOPE, RATE_LIMITS.resetPerIp, request.ip);
    const token = await setOperatorPassword(db, request.body.token, request.body.password);
    const operator = await operatorOfSession(db, token);
    if (!operator) throw new Error("the new session was not found");
    setPlatformCookie(request, reply, token);
    return { email: operator.email };
  });

  route(app, platform.signIn, async (request, reply) => {
    const { email, password } = request.body;
    await consume(app.rateLimiter, PLATFORM_SCOPE, RATE_LIMITS.signInPerIp, request.ip);
    // Ten wrong passwords for one email and it is refused (429) until its window ends.
    const byEmail = RATE_LIMITS.signInFailuresPerEmail;
    await refuseWhenLimited(app.rateLimiter, PLATFORM_SCOPE, byEmail, email.toLowerCase());
    const key = rateLimitKey(PLATFORM_SCOPE, byEmail, email.toLowerCase());
    const token = await signInOperator(db, email, password).catch(async (err: unknown) => {
      if (err instanceof DomainError) await app.rateLimiter.hit(key, byEmail.windowMs);
      throw err;
    });
    await app.rateLimiter.reset(key);
    setPlatformCookie(request, reply, token);
    return { email: email.toLowerCase() };
  });

  route(app, platform.session, async (request) => ({
    email: (await requireOperator(request)).email,
  }));

  route(app, platform.signOut, async (request, reply) => {
    await endOperatorSession(db, request.cookies[PLATFORM_COOKIE]);
    reply.clearCookie(PLATFORM_COOKIE, { ...cookieOptions(request), sameSite: "strict" });
    reply.status(204);
  });

  route(app, platform.stores, async (request) => {
    await requireOperator(request);
    return { stores: await listStores(db) };
  });

  route(app, platform.openStore, async (request, reply) => {
    await requireOperator(request);
    const origin = requestOrigin(request);
    const opened = await openStore(
      { db, mailer: app.mailer, media: app.media, rules },
      request.body,
      (host) => `${origin.protocol}//${host}${origin.port ? `:${origin.port}` : ""}`,
    );
    reply.status(201);
    return platformStore(db, opened.id);
  });

  acceptImageUploads(app);

  route(
    app,
    platform.uploadLogo,
    async (request) => {
      await requireOperator(request);
      return setStoreLogo({ db, media: app.media }, request.params.id, uploadedImage(request));
    },
    { bodyLimit: IMAGE_UPLOAD_BODY_LIMIT },
  );

  route(app, platform.changeStore, async (request) => {
    await requireOperator(request);
    return changeStore(db, rules, request.params.id, request.body);
  });
};
