import { ACCOUNT_MESSAGES, DomainError } from "@storefront/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AUTH_COOKIE, DEVICE_COOKIE } from "./auth.ts";
import { SESSION_COOKIE, VISIT_COOKIE } from "./session.ts";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Whether an Origin header names this request's own host (port included). */
function sameHost(origin: string, request: FastifyRequest): boolean {
  try {
    // URL drops default ports on both sides; "null" (a sandboxed or opaque origin) throws.
    return new URL(origin).host === new URL(`${request.protocol}://${request.host}`).host;
  } catch {
    return false;
  }
}

/**
 * Refuses (403) a state-changing request that carries a session (or device) cookie when its
 * Origin names another host: a page elsewhere cannot act with the visitor's cart or account, even
 * in a browser that does not honour SameSite. Requests without Origin (same-origin GETs, curl,
 * server to server) and without such a cookie are let through.
 */
export function registerOriginCheck(app: FastifyInstance): void {
  app.addHook("onRequest", async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    const cookies = request.cookies;
    const carried = [SESSION_COOKIE, AUTH_COOKIE, DEVICE_COOKIE, VISIT_COOKIE].some(
      (n) => cookies[n] !== undefined,
    );
    if (!carried) return;
    if (!sameHost(origin, request)) throw new DomainError("forbidden", ACCOUNT_MESSAGES.crossSite);
  });
}
