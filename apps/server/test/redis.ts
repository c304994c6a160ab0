import { Redis } from "ioredis";

/** The Redis the tests use: TEST_REDIS_URL, else one on this machine's default port. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/**
 * Whether that Redis answers. When TEST_REDIS_URL is set it must answer (a failure fails the
 * tests); without it, the Redis tests are skipped on a machine that has none.
 */
export async function redisAnswers(): Promise<boolean> {
  const client = new Redis(TEST_REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 1_000,
  });
  client.on("error", () => {});
  try {
    await client.connect();
    return (await client.ping()) === "PONG";
  } catch (error) {
    if (process.env.TEST_REDIS_URL) throw error;
    return false;
  } finally {
    client.disconnect();
  }
}

/** A key prefix no other test run shares, so counters never leak between runs. */
export function testRedisPrefix(): string {
  return `storefront-test:${process.pid}:${Math.random().toString(36).slice(2, 10)}:`;
}
