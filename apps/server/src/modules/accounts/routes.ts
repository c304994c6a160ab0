import {
  accountsEndpointsOf,
  DomainError,
  ERROR_MESSAGES,
  ACCOUNT_MESSAGES as M,
  sessionEndpoints as session,
} from "@storefront/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { confirmRegistration, signIn } from "../../flows/sign-in.ts";
import {
  AUTH_COOKIE,
  authToken,
  clearAuthCookie,
  deviceToken,
  requireUser,
  setAuthCookie,
  setDeviceCookie,
  signedInUser,
} from "../../plugins/auth.ts";
import { endpointRead, route } from "../../plugins/endpoint.ts";
import { requestOrigin } from "../../plugins/origin.ts";
import { registerPageRead } from "../../plugins/page-reads.ts";
import { neverCached } from "../../plugins/security-headers.ts";
import { clearVisitorSession, visitorSessionId } from "../../plugins/session.ts";
import { checkStoreId } from "../../plugins/store.ts";
import { isCommonPassword } from "./passwords.ts";
import { register } from "./registration.ts";
import {
  accountUserView,
  requestPasswordReset,
  resetPassword,
  type SignedIn,
  type SignInContext,
  updateAccount,
} from "./service.ts";
import { endSession } from "./sessions.ts";

function signInContext(request: FastifyRequest): SignInContext {
  return {
    storeId: request.storeId,
    ip: request.ip,
    guestSessionId: visitorSessionId(request),
    previousToken: authToken(request),
    deviceToken: deviceToken(request),
  };
}

/**
 * A new session's cookie and the browser's new device cookie; the guest session's cookie goes,
 * its cart having joined the account.
 */
function answerSignedIn(request: FastifyRequest, reply: FastifyReply, result: SignedIn) {
  setAuthCookie(request, reply, result.token);
  setDeviceCookie(request, reply, result.device.token);
  clearVisitorSession(request, reply);
  return { user: result.user, cartMerge: result.cartMerge };
}

// Every route's method, path and schemas are its descriptor's (packages/domain/src/endpoints),
// a new password judged against the common-password list.
const accounts = accountsEndpointsOf(isCommonPassword);

export const authStatusRead = endpointRead(session.status, {
  read: async (request, { query }) => {
    checkStoreId(request, query.store_id);
    const user = await signedInUser(request);
    return { isLoggedIn: user !== null, user: user ? accountUserView(user) : null };
  },
});

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, limiter: app.rateLimiter };

  neverCached(app);

  route(app, accounts.login, async (request, reply) => {
    checkStoreId(request, request.body.store_id);
    const result = await signIn(deps, signInContext(request), request.body);
    return answerSignedIn(request, reply, result);
  });

  route(app, accounts.register, async (request, reply) => {
    checkStoreId(request, request.body.store_id);
    await register(
      { ...deps, mailer: app.mailer, background: app.background, log: request.log },
      { storeId: request.storeId, ip: request.ip, origin: requestOrigin(request) },
      request.body,
    );
    reply.status(202);
    return { success: true as const, message: M.registrationRequested };
  });

  route(app, accounts.confirmRegistration, async (request, reply) => {
    checkStoreId(request, request.body.store_id);
    const result = await confirmRegistration(deps, signInContext(request), request.body.token);
    return answerSignedIn(request, reply, result);
  });

  registerPageRead(app, authStatusRead, async (request, reply) => {
    // A cookie whose session has ended (or belongs to another store) is of no further use.
    const user = await signedInUser(request);
    if (!user && request.cookies[AUTH_COOKIE] !== undefined) clearAuthCookie(request, reply);
  });

  // The spec's client sends an empty body with a JSON content type: here that is no body.
  await app.register(async (scope) => {
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser(
      "application/json",
      { parseAs: "string" },
      (_request, body, done) => {
        const text = String(body);
        if (text.trim() === "") return done(null, {});
        try {
          done(null, JSON.parse(text));
        } catch {
          done(new DomainError("invalid", ERROR_MESSAGES.invalidJson));
        }
      },
    );
    route(scope, accounts.logout, async (request, reply) => {
      checkStoreId(request, request.body?.store_id);
      const token = authToken(request);
      if (token) await endSession(app.db, token);
      clearAuthCookie(request, reply);
      clearVisitorSession(request, reply);
      return { success: true as const };
    });
  });

  route(app, accounts.requestPasswordReset, async (request) => {
    checkStoreId(request, request.body.store_id);
    await requestPasswordReset(
      { ...deps, mailer: app.mailer, background: app.background, log: request.log },
      {
        storeId: request.storeId,
        ip: request.ip,
        email: request.body.email,
        origin: requestOrigin(request),
      },
    );
    return { success: true as const, message: M.resetRequested };
  });

  route(app, accounts.resetPassword, async (request, reply) => {
    checkStoreId(request, request.body.store_id);
    await resetPassword(deps, request.storeId, request.body);
    if (authToken(request)) clearAuthCookie(request, reply);
    return { success: true as const };
  });

  route(app, accounts.account, async (request) => accountUserView(await requireUser(request)));

  route(app, accounts.updateAccount, async (request) =>
    updateAccount(app.db, await requireUser(request), request.body),
  );
};
