import {
  AccountUserSchema,
  AuthStatusQuerySchema,
  AuthStatusSchema,
  ConfirmRegistrationSchema,
  DomainError,
  ERROR_MESSAGES,
  LoginSchema,
  LogoutSchema,
  ACCOUNT_MESSAGES as M,
  RegistrationRequestedSchema,
  RequestPasswordResetSchema,
  ResetRequestedSchema,
  registerSchema,
  resetPasswordSchema,
  SignedInSchema,
  SuccessSchema,
  UpdateAccountSchema,
} from "@storefront/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
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
import { requestOrigin } from "../../plugins/origin.ts";
import { pageRead, registerPageRead } from "../../plugins/page-reads.ts";
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

export const authStatusRead = pageRead({
  url: "/v2/auth/status",
  tags: ["accounts"],
  summary: "Whether the visitor is signed in on this store, and as whom (spec)",
  querystring: AuthStatusQuerySchema,
  response: AuthStatusSchema,
  read: async (request, { query }) => {
    checkStoreId(request, query.store_id);
    const user = await signedInUser(request);
    return { isLoggedIn: user !== null, user: user ? accountUserView(user) : null };
  },
});

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, limiter: app.rateLimiter };

  neverCached(app);

  app.post(
    "/v2/auth/login",
    {
      schema: {
        tags: ["accounts"],
        summary:
          "Sign in (spec): sets the session cookie and merges the guest cart into the account's",
        body: LoginSchema,
        response: { 200: SignedInSchema },
      },
    },
    async (request, reply) => {
      checkStoreId(request, request.body.store_id);
      const result = await signIn(deps, signInContext(request), request.body);
      return answerSignedIn(request, reply, result);
    },
  );

  app.post(
    "/v2/auth/register",
    {
      schema: {
        tags: ["accounts"],
        summary:
          "Start a registration: the same 202 whether or not the email has an account; the mail " +
          "carries a confirmation link, or tells the account's owner to sign in or reset the password",
        body: registerSchema(isCommonPassword),
        response: { 202: RegistrationRequestedSchema },
      },
    },
    async (request, reply) => {
      checkStoreId(request, request.body.store_id);
      await register(
        { ...deps, mailer: app.mailer, background: app.background, log: request.log },
        { storeId: request.storeId, ip: request.ip, origin: requestOrigin(request) },
        request.body,
      );
      reply.status(202);
      return { success: true as const, message: M.registrationRequested };
    },
  );

  app.post(
    "/v2/auth/register/confirm",
    {
      schema: {
        tags: ["accounts"],
        summary:
          "Create the account with the token of a confirmation link (24 hours, once) and sign in " +
          "(the guest cart merges as on sign-in)",
        body: ConfirmRegistrationSchema,
        response: { 200: SignedInSchema },
      },
    },
    async (request, reply) => {
      checkStoreId(request, request.body.store_id);
      const result = await confirmRegistration(deps, signInContext(request), request.body.token);
      return answerSignedIn(request, reply, result);
    },
  );

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
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/auth/logout",
      {
        schema: {
          tags: ["accounts"],
          summary: "Sign out (spec): ends the session on the server and clears its cookie",
          body: LogoutSchema,
          response: { 200: SuccessSchema },
        },
      },
      async (request, reply) => {
        checkStoreId(request, request.body?.store_id);
        const token = authToken(request);
        if (token) await endSession(app.db, token);
        clearAuthCookie(request, reply);
        clearVisitorSession(request, reply);
        return { success: true as const };
      },
    );
  });

  app.post(
    "/auth/request_password_reset",
    {
      schema: {
        tags: ["accounts"],
        summary:
          "Mail a reset link (spec); the same answer whether or not the email has an account",
        body: RequestPasswordResetSchema,
        response: { 200: ResetRequestedSchema },
      },
    },
    async (request) => {
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
    },
  );

  app.post(
    "/auth/reset_password",
    {
      schema: {
        tags: ["accounts"],
        summary: "Set a new password with the token of a reset link (spec); ends every session",
        body: resetPasswordSchema(isCommonPassword),
        response: { 200: SuccessSchema },
      },
    },
    async (request, reply) => {
      checkStoreId(request, request.body.store_id);
      await resetPassword(deps, request.storeId, request.body);
      if (authToken(request)) clearAuthCookie(request, reply);
      return { success: true as const };
    },
  );

  app.get(
    "/api/account",
    {
      schema: {
        tags: ["accounts"],
        summary: "The signed-in account (401 when signed out)",
        response: { 200: AccountUserSchema },
      },
    },
    async (request) => accountUserView(await requireUser(request)),
  );

  app.patch(
    "/api/account",
    {
      schema: {
        tags: ["accounts"],
        summary: "Change the signed-in account's names or birthday (null removes it)",
        body: UpdateAccountSchema,
        response: { 200: AccountUserSchema },
      },
    },
    async (request) => updateAccount(app.db, await requireUser(request), request.body),
  );
};
