import type { FastifyInstance } from "fastify";

// Stripe.js (the checkout's Payment Element when Stripe is configured) loads from Stripe and
// frames its card fields from there.
const STRIPE_SCRIPTS = "https://js.stripe.com";
const STRIPE_FRAMES = "https://js.stripe.com https://hooks.stripe.com";
const STRIPE_API = "https://api.stripe.com";

/**
 * A page's policy: scripts only from this origin (and Stripe), inline ones only with this answer's
 * nonce or, on a page shared by visitors (cached), with their hashes (`inline`: "'nonce-…'" or
 * "'sha256-…'" sources). Styles allow inline: the theme is CSS variables in a style attribute,
 * which no nonce can cover; content HTML has its style attributes removed by the sanitiser.
 */
export function pageContentSecurityPolicy(inline: readonly string[]): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...inline, STRIPE_SCRIPTS].join(" "),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${STRIPE_API}`,
    `frame-src ${STRIPE_FRAMES}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join("; ");
}

/** Everything that is not a page (API answers, files) runs nothing and frames nothing. */
const DEFAULT_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/** A year of HTTPS only, for this host and its subdomains, once a visitor came over HTTPS. */
const HSTS = "max-age=31536000; includeSubDomains";

/** Conservative headers on every answer; pages add their own caching and policy. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply) => {
    if (!reply.hasHeader("content-security-policy")) {
      reply.header("content-security-policy", DEFAULT_POLICY);
    }
    // Only over HTTPS (directly or through a trusted proxy): over HTTP the header means nothing.
    if (request.protocol === "https") reply.header("strict-transport-security", HSTS);
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
