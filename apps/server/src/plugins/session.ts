import { randomBytes } from "node:crypto";
import fastifyCookie from "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

export const SESSION_COOKIE = "sf_session";
const SESSION_MAX_AGE_S = 30 * 24 * 60 * 60;
// 32 random bytes in base64url: 43 characters, no padding.
const SESSION_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** Cookie parsing for every request (the visitor session and the currency choice). */
export async function registerSession(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCookie);
}

/** The visitor's session id from its cookie; a missing or malformed cookie is no session. */
export function visitorSessionId(request: FastifyRequest): string | null {
  const value = request.cookies[SESSION_COOKIE];
  return value !== undefined && SESSION_SHAPE.test(value) ? value : null;
}

export function newSessionId(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * Runs a write that needs a visitor session: the existing one, else a new id. The cookie is set
 * only once the write has succeeded (a refused first add leaves no cookie), and every successful
 * write renews its 30 days.
 */
export async function withVisitorSession<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  write: (sessionId: string) => Promise<T>,
): Promise<T> {
  const sessionId = visitorSessionId(request) ?? newSessionId();
  const result = await write(sessionId);
  reply.setCookie(SESSION_COOKIE, sessionId, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: request.protocol === "https",
    maxAge: SESSION_MAX_AGE_S,
  });
  return result;
}

/** Forgets the guest session (its cart has just joined the account's, or the visitor left). */
export function clearVisitorSession(request: FastifyRequest, reply: FastifyReply): void {
  if (request.cookies[SESSION_COOKIE] === undefined) return;
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: request.protocol === "https",
  });
}
