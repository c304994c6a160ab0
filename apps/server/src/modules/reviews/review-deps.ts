// What the writes of reviews need (the database, the rate limiter, the key that signs review
// links) and the rate limits they count against.
import type { Database } from "../../db/index.ts";
import type { RateLimiter, RateLimitRule } from "../../lib/rate-limit.ts";

const HOUR = 60 * 60 * 1000;

/** Against spam and vote stuffing; generous for a person, tight for a script. */
export const REVIEW_RATE_LIMITS = {
  addPerIp: { name: "review-ip", limit: 20, windowMs: HOUR },
  helpfulPerIp: { name: "review-helpful-ip", limit: 300, windowMs: HOUR },
  reportPerIp: { name: "review-report-ip", limit: 30, windowMs: HOUR },
} satisfies Record<string, RateLimitRule>;

export interface ReviewDeps {
  db: Database;
  limiter: RateLimiter;
  /** Signs the one-time review links of order emails (the server's session key). */
  linkKey: Buffer;
}
