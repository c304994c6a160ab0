import fastifyCookie from "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sign, unsign } from "../lib/session-key.ts";
import { newToken, TOKEN_SHAPE } from "../lib/tokens.ts";
import { clearCookie, cookieOptions } from "./cookies.ts";

export const SESSION_COOKIE = "sf_session";
const SESSION_MAX_AGE_S = 30 * 24 * 60 * 60;

/** Cookie parsing for every request (the visitor session and the currency choice). */
export async function registerSession(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCookie);
}

/**
 * The visitor's session id from its cookie. The cookie is signed by this server: a missing,
 * malformed, forged or planted one is no session (a write then starts a new one), so nobody can
 * choose the id another browser's cart is kept under.
 */
export function visitorSessionId(request: FastifyRequest): string | null {
  const value = request.cookies[SESSION_COOKIE];
  if (value === undefined) return null;
  const id = unsign(request.server.sessionKey, value);
  return id !== null && TOKEN_SHAPE.test(id) ? id : null;
}

export function newSessionId(): string {
  return newToken();
}

/**
 * Runs a write that needs a visitor session: the existing one, else a new id (`newSession`: no
 * data can be kept under it yet). The cookie is set only once the write has succeeded (a refused
 * first add leaves no cookie), and every successful write renews its 30 days.
 */
export async function withVisitorSession<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  write: (sessionId: string, newSession: boolean) => Promise<T>,
): Promise<T> {
  const existing = visitorSessionId(request);
  const sessionId = existing ?? newSessionId();
  const result = await write(sessionId, existing === null);
  reply.setCookie(
    SESSION_COOKIE,
    sign(request.server.sessionKey, sessionId),
    cookieOptions(request, { maxAgeS: SESSION_MAX_AGE_S }),
  );
  return result;
}

/** Forgets the guest session (its cart has just joined the account's, or the visitor left). */
export function clearVisitorSession(request: FastifyRequest, reply: FastifyReply): void {
  clearCookie(request, reply, SESSION_COOKIE);
}

/**
 * The analytics visit's cookie: the id POST /metrics/initialize made, signed like the guest
 * session's, kept until the browser closes (the server ends a visit after 30 idle minutes).
 */
export const VISIT_COOKIE = "sf_visit";

/** The visit's analytics session id from its cookie; a missing or forged one is none. */
export function visitId(request: FastifyRequest): string | null {
  const value = request.cookies[VISIT_COOKIE];
  if (value === undefined) return null;
  const id = unsign(request.server.sessionKey, value);
  return id !== null && /^[0-9a-f-]{36}$/.test(id) ? id : null;
}

export function setVisitCookie(request: FastifyRequest, reply: FastifyReply, id: string): void {
  reply.setCookie(VISIT_COOKIE, sign(request.server.sessionKey, id), cookieOptions(request));
}
