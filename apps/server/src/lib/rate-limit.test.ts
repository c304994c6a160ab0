import { ACCOUNT_MESSAGES } from "@storefront/domain";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createUser,
  PET_STORE,
  PETS,
  TEST_PASSWORD,
  uniqueEmail,
  visitorWithOwnIp,
} from "../../test/fixtures.ts";
import { openTestDatabase, type TestDatabase, testConfig } from "../../test/helper.ts";
import { redisAnswers, TEST_REDIS_URL, testRedisPrefix } from "../../test/redis.ts";
import { buildApp } from "../app.ts";
import { loadDemoStores } from "../db/seed/index.ts";
import {
  consume,
  createRateLimiter,
  FallbackRateLimiter,
  MemoryRateLimiter,
  RATE_LIMITS,
  RateLimitedError,
  type RateLimiter,
  RedisRateLimiter,
  rateLimitKey,
  refuseWhenLimited,
} from "./rate-limit.ts";

const hasRedis = await redisAnswers();

/** The same checks for both implementations of the one interface. */
function behavesAsALimiter(name: string, make: () => RateLimiter) {
  describe(name, () => {
    let limiter: RateLimiter;
    beforeAll(() => {
      limiter = make();
    });
    afterAll(() => limiter.close());

    it("counts hits in a window and forgets them when it ends", async () => {
      const key = `k-${Math.random()}`;
      expect((await limiter.hit(key, 200)).count).toBe(1);
      const second = await limiter.hit(key, 200);
      expect(second.count).toBe(2);
      expect(second.resetInMs).toBeGreaterThan(0);
      expect(second.resetInMs).toBeLessThanOrEqual(200);
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect((await limiter.hit(key, 200)).count).toBe(1);
    });

    it("keeps keys apart and resets one key", async () => {
      const a = `a-${Math.random()}`;
      const b = `b-${Math.random()}`;
      await limiter.hit(a, 60_000);
      await limiter.hit(a, 60_000);
      expect((await limiter.hit(b, 60_000)).count).toBe(1);
      await limiter.reset(a);
      expect((await limiter.hit(a, 60_000)).count).toBe(1);
    });

    it("refuses past the limit with the spec's text and a retry time", async () => {
      const rule = { name: "test", limit: 2, windowMs: 60_000 };
      const subject = `someone-${Math.random()}@example.com`;
      await consume(limiter, PET_STORE, rule, subject);
      await consume(limiter, PET_STORE, rule, subject);
      const refused = await consume(limiter, PET_STORE, rule, subject).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(RateLimitedError);
      expect((refused as RateLimitedError).message).toBe(ACCOUNT_MESSAGES.tooManyRequests);
      expect((refused as RateLimitedError).retryAfterSeconds).toBeGreaterThan(0);
      expect((refused as RateLimitedError).retryAfterSeconds).toBeLessThanOrEqual(60);
      // Another store's counter is its own.
      await expect(consume(limiter, "hemp-nutrition", rule, subject)).resolves.toBeUndefined();
    });

    it("reads a count without adding to it, and refuses once the limit is used up", async () => {
      const rule = { name: "peek", limit: 2, windowMs: 60_000 };
      const subject = `203.0.113.${Math.floor(Math.random() * 250)}-${Math.random()}`;
      const key = rateLimitKey(PET_STORE, rule, subject);
      expect((await limiter.peek(key)).count).toBe(0);
      await limiter.hit(key, rule.windowMs);
      expect((await limiter.peek(key)).count).toBe(1);
      expect((await limiter.peek(key)).count).toBe(1);
      await expect(refuseWhenLimited(limiter, PET_STORE, rule, subject)).resolves.toBeUndefined();
      await limiter.hit(key, rule.windowMs);
      await expect(refuseWhenLimited(limiter, PET_STORE, rule, subject)).rejects.toBeInstanceOf(
        RateLimitedError,
      );
    });
  });
}

describe("rate-limit keys", () => {
  it("name the store and the rule, and hold no email address", () => {
    const key = rateLimitKey(PET_STORE, RATE_LIMITS.resetPerEmail, "jane@example.com");
    expect(key).toMatch(/^rl:pet-remedies:reset-email:[A-Za-z0-9_-]{22}$/);
    expect(key).not.toContain("jane");
    expect(rateLimitKey(PET_STORE, RATE_LIMITS.signInPerIp, "10.0.0.1")).toBe(
      "rl:pet-remedies:sign-in-ip:10.0.0.1",
    );
  });

  it("without REDIS_URL the counters live in this process", () => {
    const limiter = createRateLimiter({ redisUrl: null, redisKeyPrefix: "x:" }, console);
    expect(limiter).toBeInstanceOf(MemoryRateLimiter);
  });
});

behavesAsALimiter("the in-memory rate limiter", () => new MemoryRateLimiter());

describe.skipIf(!hasRedis)("the Redis rate limiter", () => {
  behavesAsALimiter("on Redis", () => new RedisRateLimiter(TEST_REDIS_URL, testRedisPrefix()));

  it("writes prefixed keys that always expire (INCR and PEXPIRE)", async () => {
    const prefix = testRedisPrefix();
    const limiter = new RedisRateLimiter(TEST_REDIS_URL, prefix);
    const redis = new Redis(TEST_REDIS_URL);
    try {
      await limiter.hit("some-key", 60_000);
      await limiter.hit("some-key", 60_000);
      expect(await redis.get(`${prefix}some-key`)).toBe("2");
      const ttl = await redis.pttl(`${prefix}some-key`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
    } finally {
      await limiter.close();
      redis.disconnect();
    }
  });

  describe("two server instances on one Redis", () => {
    let database: TestDatabase;
    let apps: Awaited<ReturnType<typeof buildApp>>[];
    const prefix = testRedisPrefix();

    beforeAll(async () => {
      database = await openTestDatabase();
      await loadDemoStores(database.db);
      const config = testConfig({
        databaseUrl: database.url,
        redisUrl: TEST_REDIS_URL,
        redisKeyPrefix: prefix,
      });
      apps = [
        await buildApp({ config, db: database.db, web: false }),
        await buildApp({ config, db: database.db, web: false }),
      ];
    });
    afterAll(async () => {
      for (const app of apps) await app.close();
      await database.dispose();
      const redis = new Redis(TEST_REDIS_URL);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    });

    it("share the failed sign-ins of an account: 6 on one and 4 on the other make 10", async () => {
      const [a, b] = apps;
      if (!a || !b) throw new Error("no apps");
      expect(a.rateLimiter).toBeInstanceOf(FallbackRateLimiter);
      const user = await createUser(database.db);
      const attempt = (app: typeof a, password: string) =>
        visitorWithOwnIp(app, PETS).post("/v2/auth/login", { email: user.email, password });
      for (let i = 0; i < 6; i++) expect((await attempt(a, `wrong ${i}`)).statusCode).toBe(401);
      for (let i = 0; i < 4; i++) expect((await attempt(b, `wrong ${i}`)).statusCode).toBe(401);
      const limited = await attempt(a, TEST_PASSWORD);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toBe(ACCOUNT_MESSAGES.tooManyRequests);
      expect((await attempt(b, TEST_PASSWORD)).statusCode).toBe(429);
    });

    it("share the reset requests of an email", async () => {
      const [a, b] = apps;
      if (!a || !b) throw new Error("no apps");
      const email = uniqueEmail();
      const request = (app: typeof a) =>
        visitorWithOwnIp(app, PETS).post("/auth/request_password_reset", { email });
      for (const app of [a, b, a, b, a]) expect((await request(app)).statusCode).toBe(200);
      const limited = await request(b);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ success: false });
    });
  });
});

describe("the in-memory rate limiter under a flood of keys", () => {
  it("keeps at most its bound of keys while 60,000 distinct clients hit it", async () => {
    const limiter = new MemoryRateLimiter(1_000);
    for (let i = 0; i < 60_000; i++) await limiter.hit(`ip:10.0.${i >> 8}.${i & 255}`, 60_000);
    expect(limiter.size).toBeLessThanOrEqual(1_000);
  });

  it("still counts a key that keeps hitting within its window", async () => {
    const limiter = new MemoryRateLimiter(1_000);
    for (let i = 0; i < 500; i++) await limiter.hit(`other:${i}`, 60_000);
    await limiter.hit("login:victim", 60_000);
    const second = await limiter.hit("login:victim", 60_000);
    expect(second.count).toBe(2);
  });
});
