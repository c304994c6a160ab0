import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { ACCOUNT_MESSAGES, DomainError } from "@storefront/domain";
import type { Redis } from "ioredis";

/** ioredis, loaded only by a process that counts in Redis (REDIS_URL): it is MBs of memory. */
function redisClass(): typeof Redis {
  return (createRequire(import.meta.url)("ioredis") as typeof import("ioredis")).Redis;
}

/** Hits in a key's current window and the time until the window ends. */
export interface WindowCount {
  count: number;
  resetInMs: number;
}

/**
 * Fixed-window counters. One interface, two implementations: in this process (one instance), or
 * in Redis (several instances share the counts).
 */
export interface RateLimiter {
  /** Counts one hit; the first hit of a key opens a window of `windowMs`. */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /** The key's hits in its current window, without counting one. */
  peek(key: string): Promise<WindowCount>;
  /** Forgets the key's hits (a successful sign-in clears its failures). */
  reset(key: string): Promise<void>;
  /** Whether the shared store answers now (throws if not); null when counts are this process's. */
  ping(): Promise<true | null>;
  close(): Promise<void>;
}

/**
 * Counters in a Map: right for one instance, lost on restart. Keys come from clients (IPs,
 * emails), so the map is bounded: ended windows are swept, and past `maxKeys` the oldest windows
 * are dropped (a flood of new keys can forget old counts, never exhaust memory).
 */
export class MemoryRateLimiter implements RateLimiter {
  readonly #windows = new Map<string, { count: number; endsAt: number }>();

  constructor(private readonly maxKeys = 50_000) {}

  /** Keys counted now: never more than `maxKeys`. */
  get size(): number {
    return this.#windows.size;
  }

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const now = Date.now();
    let window = this.#windows.get(key);
    if (!window || window.endsAt <= now) {
      // Ended windows are swept now and then; if live ones still fill the map, the oldest go.
      if (this.#windows.size >= this.maxKeys) this.#sweep(now);
      window = { count: 0, endsAt: now + windowMs };
      this.#windows.delete(key);
      this.#windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetInMs: window.endsAt - now };
  }

  async peek(key: string): Promise<WindowCount> {
    const now = Date.now();
    const window = this.#windows.get(key);
    if (!window || window.endsAt <= now) return { count: 0, resetInMs: 0 };
    return { count: window.count, resetInMs: window.endsAt - now };
  }

  async reset(key: string): Promise<void> {
    this.#windows.delete(key);
  }

  async ping(): Promise<null> {
    return null;
  }

  async close(): Promise<void> {
    this.#windows.clear();
  }

  #sweep(now: number): void {
    for (const [key, window] of this.#windows) if (window.endsAt <= now) this.#windows.delete(key);
    for (const key of this.#windows.keys()) {
      if (this.#windows.size < this.maxKeys) break;
      this.#windows.delete(key);
    }
  }
}

/** Counters in Redis: INCR, and PEXPIRE on the window's first hit, in one MULTI. */
export class RedisRateLimiter implements RateLimiter {
  readonly #redis: Redis;

  constructor(
    url: string,
    private readonly prefix: string,
  ) {
    // A Redis that refuses or does not answer fails the command within a second rather than
    // queueing it; FallbackRateLimiter then counts in this process.
    this.#redis = new (redisClass())(url, {
      maxRetriesPerRequest: 1,
      connectTimeout: 2_000,
      commandTimeout: 1_000,
    });
    // Connection errors are the commands' to report; unhandled, ioredis would print each one.
    this.#redis.on("error", () => {});
  }

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const name = this.prefix + key;
    // NX sets the expiry only on the window's first hit, so later hits do not extend it; the
    // three commands run as one, so no key is ever left without an expiry.
    const replies = await this.#redis
      .multi()
      .incr(name)
      .pexpire(name, windowMs, "NX")
      .pttl(name)
      .exec();
    if (!replies) throw new Error("Redis discarded the rate-limit transaction");
    for (const [error] of replies) if (error) throw error;
    const count = Number(replies[0]?.[1]);
    const ttl = Number(replies[2]?.[1]);
    return { count, resetInMs: ttl > 0 ? ttl : windowMs };
  }

  async peek(key: string): Promise<WindowCount> {
    const name = this.prefix + key;
    const replies = await this.#redis.multi().get(name).pttl(name).exec();
    if (!replies) throw new Error("Redis discarded the rate-limit read");
    for (const [error] of replies) if (error) throw error;
    const ttl = Number(replies[1]?.[1]);
    return { count: Number(replies[0]?.[1] ?? 0), resetInMs: ttl > 0 ? ttl : 0 };
  }

  async reset(key: string): Promise<void> {
    await this.#redis.del(this.prefix + key);
  }

  async ping(): Promise<true> {
    await this.#redis.ping();
    return true;
  }

  async close(): Promise<void> {
    await this.#redis.quit().catch(() => this.#redis.disconnect());
  }
}

/** How long the process counts on its own after Redis failed, before it asks Redis again. */
const REDIS_RETRY_MS = 10_000;

/**
 * Shared counters while they answer, the process's own when they do not: a Redis outage slows
 * nobody and fails nothing (each instance then limits alone). One warning when Redis stops
 * answering, one line when it answers again.
 */
export class FallbackRateLimiter implements RateLimiter {
  readonly #local = new MemoryRateLimiter();
  #retryAt = 0;
  #degraded = false;

  constructor(
    private readonly shared: RateLimiter,
    private readonly log: { warn(obj: object, msg: string): void; info(msg: string): void },
    private readonly now: () => number = Date.now,
  ) {}

  async #use<T>(run: (limiter: RateLimiter) => Promise<T>): Promise<T> {
    if (this.#degraded && this.now() < this.#retryAt) return run(this.#local);
    try {
      const result = await run(this.shared);
      if (this.#degraded) {
        this.#degraded = false;
        this.log.info("Redis answers again: rate limits are shared again");
      }
      return result;
    } catch (error) {
      if (!this.#degraded) {
        this.log.warn(
          { err: { message: (error as Error).message } },
          "Redis does not answer: rate limits count in this process until it does",
        );
      }
      this.#degraded = true;
      this.#retryAt = this.now() + REDIS_RETRY_MS;
      return run(this.#local);
    }
  }

  hit(key: string, windowMs: number): Promise<WindowCount> {
    return this.#use((limiter) => limiter.hit(key, windowMs));
  }

  peek(key: string): Promise<WindowCount> {
    return this.#use((limiter) => limiter.peek(key));
  }

  async reset(key: string): Promise<void> {
    await this.#local.reset(key);
    await this.#use((limiter) => limiter.reset(key));
  }

  /** Asks Redis itself, whether or not the limits count here meanwhile. */
  ping(): Promise<true | null> {
    return this.shared.ping();
  }

  async close(): Promise<void> {
    await this.#local.close();
    await this.shared.close();
  }
}

export function createRateLimiter(
  config: { redisUrl: string | null; redisKeyPrefix: string },
  log: { warn(obj: object, msg: string): void; info(msg: string): void },
): RateLimiter {
  return config.redisUrl
    ? new FallbackRateLimiter(new RedisRateLimiter(config.redisUrl, config.redisKeyPrefix), log)
    : new MemoryRateLimiter();
}

/** A limit: at most `limit` hits per `windowMs` for one subject (an IP, an email). */
export interface RateLimitRule {
  name: string;
  limit: number;
  windowMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The limits of the calls that guess or send mail (OWASP ASVS: guessing, mail flooding). */
export const RATE_LIMITS = {
  signInPerIp: { name: "sign-in-ip", limit: 50, windowMs: 15 * MINUTE },
  // Hits are counted before the password is checked and cleared by a success, so an account can
  // see at most 10 failed sign-ins in 15 minutes, even under concurrent guessing.
  signInFailuresPerEmail: { name: "sign-in-email", limit: 10, windowMs: 15 * MINUTE },
  // A browser the account signed in on before counts its failures apart, under the same limit,
  // so someone else's guessing never locks the owner's own browser out.
  signInFailuresPerDevice: { name: "sign-in-device", limit: 10, windowMs: 15 * MINUTE },
  registerPerIp: { name: "register-ip", limit: 20, windowMs: HOUR },
  // Each registration mails the address (a confirmation, or a note to the account's owner).
  registerPerEmail: { name: "register-email", limit: 5, windowMs: HOUR },
  resetPerIp: { name: "reset-ip", limit: 20, windowMs: HOUR },
  resetPerEmail: { name: "reset-email", limit: 5, windowMs: HOUR },
  // Card testing: after 10 declined cards in an hour, an IP may not try another card.
  declinedCardsPerIp: { name: "declined-cards-ip", limit: 10, windowMs: HOUR },
  // Each garden design request mails the store owner: a cap per IP keeps the inbox usable.
  designRequestPerIp: { name: "design-request-ip", limit: 20, windowMs: HOUR },
  // A business applies once; a few more for a typo or a colleague behind the same address.
  tradeApplicationsPerIp: { name: "trade-application-ip", limit: 10, windowMs: HOUR },
  // Each new visit is a row and may cost an IP lookup: generous for people behind one address,
  // a wall for a script making visits to fill the tables or send reminders.
  newVisitsPerIp: { name: "new-visits-ip", limit: 1000, windowMs: HOUR },
  // The chatbot: a person types a message every few seconds at most.
  chatMessagesPerIp: { name: "chat-ip", limit: 60, windowMs: 10 * MINUTE },
  // An order looked up by number and email in the chat: failures are counted like sign-ins',
  // per visitor and per order number, so neither can be guessed.
  chatOrderFailuresPerIp: { name: "chat-order-ip", limit: 10, windowMs: 15 * MINUTE },
  chatOrderFailuresPerOrder: { name: "chat-order-number", limit: 10, windowMs: 15 * MINUTE },
  // Each question passed on mails the store owner.
  chatQuestionsPerIp: { name: "chat-question-ip", limit: 10, windowMs: HOUR },
} satisfies Record<string, RateLimitRule>;

/** A 429: the spec's text, and when to try again. */
export class RateLimitedError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super("rate_limited", ACCOUNT_MESSAGES.tooManyRequests);
  }
}

/**
 * The key of one subject under one rule in one store. Emails are hashed so the counters hold no
 * addresses.
 */
export function rateLimitKey(storeId: string, rule: RateLimitRule, subject: string): string {
  const hashed = subject.includes("@")
    ? createHash("sha256").update(subject).digest("base64url").slice(0, 22)
    : subject;
  return `rl:${storeId}:${rule.name}:${hashed}`;
}

/** Throws the 429 when `subject` has already used up `rule`'s limit; counts nothing. */
export async function refuseWhenLimited(
  limiter: RateLimiter,
  storeId: string,
  rule: RateLimitRule,
  subject: string,
): Promise<void> {
  const { count, resetInMs } = await limiter.peek(rateLimitKey(storeId, rule, subject));
  if (count >= rule.limit) throw new RateLimitedError(Math.max(1, Math.ceil(resetInMs / 1000)));
}

/** Counts one hit of `subject` under `rule`; past the limit, throws the 429. */
export async function consume(
  limiter: RateLimiter,
  storeId: string,
  rule: RateLimitRule,
  subject: string,
): Promise<void> {
  const { count, resetInMs } = await limiter.hit(
    rateLimitKey(storeId, rule, subject),
    rule.windowMs,
  );
  if (count > rule.limit) throw new RateLimitedError(Math.max(1, Math.ceil(resetInMs / 1000)));
}
