import { ACCOUNT_MESSAGES, DomainError, ERROR_MESSAGES, type PriceList } from "@storefront/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import { TOKEN_SHAPE } from "../lib/tokens.ts";
import { findSessionUser, type UserRow } from "../modules/accounts/index.ts";
import { cookieOptions } from "./cookies.ts";

/**
 * The signed-in session's cookie. Apart from the guest cart's `sf_session`: this one is worth an
 * account, so the server keeps only its hash, and it is replaced on every sign-in.
 */
export const AUTH_COOKIE = "sf_auth";
export const AUTH_MAX_AGE_S = 30 * 24 * 60 * 60;

/** The session token the request carries; a missing or malformed cookie is none. */
export function authToken(request: FastifyRequest): string | null {
  const value = request.cookies[AUTH_COOKIE];
  return value !== undefined && TOKEN_SHAPE.test(value) ? value : null;
}

// One look-up per request, however many handlers and helpers ask.
const signedIn = new WeakMap<FastifyRequest, Promise<UserRow | null>>();

/**
 * The account signed in on this request's store, or null. A session of another store, an
 * expired one or an unknown token is no one.
 */
export function signedInUser(request: FastifyRequest): Promise<UserRow | null> {
  let user = signedIn.get(request);
  if (!user) {
    const token = authToken(request);
    user = token
      ? findSessionUser(request.server.db, request.storeId, token)
      : Promise.resolve(null);
    signedIn.set(request, user);
  }
  return user;
}

// The requests answered with trade prices: never kept by a browser's or a proxy's cache (app.ts).
const tradeAnswers = new WeakSet<FastifyRequest>();

/**
 * The prices this request's visitor sees: trade prices for a signed-in trade (wholesale)
 * account of the request's store, else retail. The request is then marked: its answer is
 * `private, no-store` (isTradeAnswer).
 */
export async function priceListOf(request: FastifyRequest): Promise<PriceList> {
  if (!authToken(request)) return "retail";
  if ((await signedInUser(request))?.userType !== "wholesale") return "retail";
  tradeAnswers.add(request);
  return "trade";
}

/** Whether the request's answer carries trade prices (see priceListOf). */
export function isTradeAnswer(request: FastifyRequest): boolean {
  return tradeAnswers.has(request);
}

/** The signed-in account, else a 401. */
export async function requireUser(request: FastifyRequest): Promise<UserRow> {
  const user = await signedInUser(request);
  if (!user) throw new DomainError("unauthorized", ACCOUNT_MESSAGES.signInRequired);
  return user;
}

/**
 * The signed-in account when it is one of the store's admins; else a 401 (no one signed in) or,
 * for anyone else (a shopper, a trade account), the 404 of a route that does not exist: the
 * admin API shows no one else that it is there. Accounts belong to one store, so another store's
 * admin is no one here (401).
 */
export async function requireAdmin(request: FastifyRequest): Promise<UserRow> {
  const user = await requireUser(request);
  if (user.userType !== "admin") {
    throw new DomainError("not_found", ERROR_MESSAGES.noRoute(request.method, request.url));
  }
  return user;
}

/**
 * The admin routes' `preValidation`: requireAdmin before the route reads its input, so anyone but
 * the store's admins gets the 401 or 404 whatever they send.
 */
export async function adminsOnly(request: FastifyRequest): Promise<void> {
  await requireAdmin(request);
}

/** The admin making this request, as the store's audit names them (after `adminsOnly`). */
export async function adminActor(
  request: FastifyRequest,
): Promise<{ userId: string; email: string }> {
  const admin = await requireAdmin(request);
  return { userId: admin.id, email: admin.email };
}

/** HttpOnly (no script reads it), SameSite=Lax, Secure whenever the visitor came over https. */
export function setAuthCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(AUTH_COOKIE, token, cookieOptions(request, { maxAgeS: AUTH_MAX_AGE_S }));
}

export function clearAuthCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(AUTH_COOKIE, cookieOptions(request));
}

/**
 * A browser the account has signed in on: with the right password it still signs in while the
 * account's failed sign-ins are at their limit. It outlives sign-out; only its hash is stored.
 */
export const DEVICE_COOKIE = "sf_device";
export const DEVICE_MAX_AGE_S = 180 * 24 * 60 * 60;

/** The device token the request carries; a missing or malformed cookie is none. */
export function deviceToken(request: FastifyRequest): string | null {
  const value = request.cookies[DEVICE_COOKIE];
  return value !== undefined && TOKEN_SHAPE.test(value) ? value : null;
}

/** HttpOnly, SameSite=Lax, Secure whenever the visitor came over https, like the session's. */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(DEVICE_COOKIE, token, cookieOptions(request, { maxAgeS: DEVICE_MAX_AGE_S }));
}
