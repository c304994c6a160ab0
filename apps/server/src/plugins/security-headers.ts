import type { FastifyInstance } from "fastify";

/** Conservative headers on every answer; pages add their own caching. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook("onSend", async (_request, reply) => {
    reply.header("x-content-type-options", "nosniff");
    reply.header("referrer-policy", "strict-origin-when-cross-origin");
    reply.header("x-frame-options", "SAMEORIGIN");
    reply.header("permissions-policy", "camera=(), microphone=(), geolocation=()");
    reply.header("cross-origin-opener-policy", "same-origin");
  });
}

/**
 * Answers about a person (an account, an order, a checkout) are never kept by a browser or proxy
 * cache: every route of the plugin `app` answers `Cache-Control: no-store`.
 */
export function neverCached(app: FastifyInstance): void {
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });
}
