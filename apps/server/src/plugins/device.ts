import type { FastifyReply, FastifyRequest } from "fastify";
import { sign, unsign } from "../lib/session-key.ts";
import { newToken } from "../lib/tokens.ts";
import { cookieOptions } from "./cookies.ts";

/**
 * A browser an account has signed in from: a long-lived cookie, signed by the server, naming the
 * account. It opens nothing by itself; with the right password it lets the owner in while the
 * account's failure limit is reached by someone guessing elsewhere.
 */
export const DEVICE_COOKIE = "sf_device";
const DEVICE_MAX_AGE_S = 365 * 24 * 60 * 60;

export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, userId: string) {
  const value = sign(request.server.sessionKey, `${userId}:${newToken()}`);
  reply.setCookie(DEVICE_COOKIE, value, cookieOptions(request, { maxAgeS: DEVICE_MAX_AGE_S }));
}

/** The account named by this browser's device cookie, when the server signed it; else null. */
export function deviceUserId(request: FastifyRequest): string | null {
  const value = request.cookies[DEVICE_COOKIE];
  if (value === undefined) return null;
  const payload = unsign(request.server.sessionKey, value);
  const userId = payload?.split(":")[0];
  return userId && /^[0-9a-f-]{36}$/.test(userId) ? userId : null;
}
