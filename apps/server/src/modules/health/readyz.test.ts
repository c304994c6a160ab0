import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PETS } from "../../../test/fixtures.ts";
import { createTestApp, type TestApp } from "../../../test/helper.ts";
import { freePort } from "../../../test/ports.ts";
import { redisAnswers, TEST_REDIS_URL, testRedisPrefix } from "../../../test/redis.ts";
import { TcpProxy } from "../../../test/tcp-proxy.ts";

const hasRedis = await redisAnswers();

/** Asks until `check` holds (ioredis reconnects on its own schedule), for up to `ms`. */
async function eventually(check: () => Promise<boolean>, ms = 8_000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

describe.skipIf(!hasRedis)("/readyz while Redis goes away and comes back", () => {
  let t: TestApp;
  let proxy: TcpProxy;
  beforeAll(async () => {
    const redis = new URL(TEST_REDIS_URL);
    proxy = new TcpProxy(redis.hostname, Number(redis.port || 6379));
    await proxy.listen(await freePort());
    t = await createTestApp({
      redisUrl: `redis://127.0.0.1:${proxy.port}`,
      redisKeyPrefix: testRedisPrefix(),
    });
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
  });

  const readyz = () => t.app.inject({ url: "/readyz", headers: { host: PETS } });

  it("answers ready with Redis ok while both answer", async () => {
    const res = await readyz();
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.json()).toEqual({ status: "ready", database: "ok", redis: "ok" });
  });

  it("stays ready (200, Redis unavailable) when Redis refuses, the store still serving, and says ok again once it is back", async () => {
    proxy.refuse();
    const down = await readyz();
    expect(down.statusCode).toBe(200);
    expect(down.json()).toEqual({ status: "ready", database: "ok", redis: "unavailable" });
    const products = await t.app.inject({ url: "/api/products", headers: { host: PETS } });
    expect(products.statusCode).toBe(200);

    proxy.restore();
    const back = await eventually(async () => (await readyz()).json().redis === "ok");
    expect(back).toBe(true);
  });

  it("stays ready, and answers within a second, when Redis goes silent", async () => {
    proxy.blackHole();
    const started = Date.now();
    const res = await readyz();
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "ready", redis: "unavailable" });
  });
});
