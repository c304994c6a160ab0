/**
 * Dependencies taken away: Redis refusing or silent, PostgreSQL refusing or silent, and a
 * start-up while the database is down. Nothing answers 500, nothing hangs, and everything comes
 * back without a restart.
 */
import { existsSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ERROR_MESSAGES } from "@storefront/domain";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PETS, uniqueEmail } from "../test/fixtures.ts";
import { createTestApp, type TestApp, testConfig, testServerUrl } from "../test/helper.ts";
import { spawnServer } from "../test/server-process.ts";
import { TcpProxy } from "../test/tcp-proxy.ts";
import { buildApp } from "./app.ts";
import { type DatabaseHandle, openDatabase } from "./db/index.ts";
import { loadDemoStores } from "./db/seed/index.ts";
import { FallbackRateLimiter, MemoryRateLimiter, type RateLimiter } from "./lib/rate-limit.ts";

const WEB_BUILD = fileURLToPath(new URL("../../web/build", import.meta.url));
const HAS_WEB_BUILD = existsSync(path.join(WEB_BUILD, "server", "index.js"));
const PG_URL = testServerUrl();
// A call that always goes to the database (no answer cache in front of it): adding to a cart.
const ADD_TO_CART = {
  method: "POST" as const,
  url: "/api/cart/items",
  payload: { sku: "ITCHY-1", quantity: 1 },
};

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function resetFrom(app: FastifyInstance, ip: string) {
  return app.inject({
    method: "POST",
    url: "/auth/request_password_reset",
    remoteAddress: ip,
    headers: { host: PETS },
    payload: { email: uniqueEmail("degraded") },
  });
}

describe("Redis down: rate limits fall back to the process's own counters", () => {
  it("warns once per outage, keeps limiting in memory, and uses Redis again when it answers", async () => {
    let redisUp = false;
    const redis = new MemoryRateLimiter();
    const shared: RateLimiter = {
      hit: (key, windowMs) =>
        redisUp ? redis.hit(key, windowMs) : Promise.reject(new Error("ECONNREFUSED")),
      peek: (key) => (redisUp ? redis.peek(key) : Promise.reject(new Error("ECONNREFUSED"))),
      reset: (key) => (redisUp ? redis.reset(key) : Promise.reject(new Error("ECONNREFUSED"))),
      ping: () => (redisUp ? Promise.resolve(true) : Promise.reject(new Error("ECONNREFUSED"))),
      close: async () => {},
    };
    const warnings: string[] = [];
    const infos: string[] = [];
    let now = 0;
    const limiter = new FallbackRateLimiter(
      shared,
      { warn: (_obj, msg) => warnings.push(msg), info: (msg) => infos.push(msg) },
      () => now,
    );
    for (let i = 1; i <= 5; i++) expect((await limiter.hit("k", 60_000)).count).toBe(i);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/Redis does not answer/);
    redisUp = true;
    now += 5_000;
    // Still within the pause: the process counts on.
    expect((await limiter.hit("k", 60_000)).count).toBe(6);
    now += 10_000;
    expect((await limiter.hit("k", 60_000)).count).toBe(1);
    expect(infos).toEqual(["Redis answers again: rate limits are shared again"]);
  });

  for (const kind of ["refusing", "black-holed"] as const) {
    describe(`a ${kind} Redis`, () => {
      let t: TestApp;
      let proxy: TcpProxy | undefined;
      beforeAll(async () => {
        let port: number;
        if (kind === "refusing") port = await closedPort();
        else {
          proxy = new TcpProxy("127.0.0.1", 1);
          await proxy.listen();
          proxy.blackHole();
          port = proxy.port;
        }
        t = await createTestApp({ redisUrl: `redis://127.0.0.1:${port}` });
      });
      afterAll(async () => {
        await t.close();
        await proxy?.close();
      });

      it("limited calls answer within seconds, never 500, and the limit still holds", async () => {
        const started = Date.now();
        const statuses: number[] = [];
        for (let i = 0; i < 21; i++)
          statuses.push((await resetFrom(t.app, "192.0.2.50")).statusCode);
        expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
        expect(statuses[20]).toBe(429);
        expect(Date.now() - started).toBeLessThan(10_000);
      });

      it("stays ready (/readyz 200, saying Redis is unavailable) and alive (/healthz 200)", async () => {
        const ready = await t.app.inject({ url: "/readyz", headers: { host: PETS } });
        expect(ready.statusCode).toBe(200);
        expect(ready.json()).toEqual({
          status: "ready",
          database: "ok",
          redis: "unavailable",
        });
        const alive = await t.app.inject({ url: "/healthz", headers: { host: PETS } });
        expect(alive.statusCode).toBe(200);
      });
    });
  }
});

describe("PostgreSQL down: a 503 within seconds, and back without a restart", () => {
  let proxy: TcpProxy;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let name: string;

  async function admin(sql: string) {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    const base = new URL(PG_URL);
    name = `storefront_degraded_${process.pid}_${Date.now()}`;
    await admin(`create database ${name}`);
    proxy = new TcpProxy(base.hostname, Number(base.port || 5432));
    await proxy.listen();
    const url = new URL(base);
    url.host = `127.0.0.1:${proxy.port}`;
    url.pathname = `/${name}`;
    database = await openDatabase({
      databaseUrl: url.toString(),
      timeouts: { connectMs: 1_000, statementMs: 1_500 },
    });
    await loadDemoStores(database.acrossStores);
    const mediaDir = await mkdtemp(path.join(os.tmpdir(), "storefront-media-"));
    app = await buildApp({
      config: testConfig({ mediaDir, databaseUrl: url.toString() }),
      db: database.db,
      web: false,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close().catch(() => {});
    await proxy.close();
    await admin(`drop database if exists ${name} with (force)`);
  });

  type Call = string | typeof ADD_TO_CART;
  const send = (call: Call) =>
    app.inject({ ...(typeof call === "string" ? { url: call } : call), headers: { host: PETS } });

  async function expectUnavailable(call: Call) {
    const started = Date.now();
    const res = await send(call);
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toMatchObject({
      error: { code: "unavailable", message: ERROR_MESSAGES.databaseUnavailable },
    });
    expect(res.headers["retry-after"]).toBe("5");
    expect(Date.now() - started).toBeLessThan(6_000);
  }

  async function expectRecovered(call: Call) {
    const deadline = Date.now() + 15_000;
    let status = 0;
    while (Date.now() < deadline) {
      status = (await send(call)).statusCode;
      if (status === 200) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status).toBe(200);
  }

  it("answers while the database answers", async () => {
    expect((await send("/readyz")).statusCode).toBe(200);
    expect((await send(ADD_TO_CART)).statusCode).toBe(200);
  });

  it("a database that stops answering: 503 with a clear message, then recovery", async () => {
    proxy.blackHole();
    await expectUnavailable("/readyz");
    await expectUnavailable(ADD_TO_CART);
    proxy.restore();
    await expectRecovered("/readyz");
    await expectRecovered(ADD_TO_CART);
  }, 60_000);

  it("a database that refuses: 503 at once, then recovery", async () => {
    proxy.refuse();
    await expectUnavailable("/readyz");
    await expectUnavailable(ADD_TO_CART);
    proxy.restore();
    await expectRecovered("/readyz");
    await expectRecovered(ADD_TO_CART);
  }, 60_000);
});

/** Runs main.ts as `npm start` would, until it exits or prints `until`; then stops it. */
function runServer(
  env: Record<string, string>,
  until?: RegExp,
  onOutput?: (output: string) => void,
) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawnServer(env);
    let output = "";
    const take = (chunk: Buffer) => {
      output += chunk.toString();
      onOutput?.(output);
      if (until?.test(output)) child.kill("SIGTERM");
    };
    child.stdout?.on("data", take);
    child.stderr?.on("data", take);
    child.on("exit", (code) => resolve({ code, output }));
  });
}

describe("start-up with the database down", () => {
  it("retries, then exits with one clear line and no stack trace", async () => {
    const port = await closedPort();
    const { code, output } = await runServer({
      DATABASE_URL: `postgres://root@127.0.0.1:${port}/shop`,
      DATABASE_START_ATTEMPTS: "3",
      DATA_DIR: await mkdtemp(path.join(os.tmpdir(), "storefront-start-")),
    });
    expect(code).toBe(1);
    const lines = output.trim().split("\n");
    expect(lines.at(-1)).toMatch(
      new RegExp(
        `^Cannot reach the database at 127\\.0\\.0\\.1:${port}/shop: ECONNREFUSED.*; gave up after 3 attempts in \\d+ s$`,
      ),
    );
    expect(lines.filter((line) => /trying again in/.test(line))).toHaveLength(2);
    expect(output).not.toMatch(/^\s+at /m);
  }, 30_000);

  it.skipIf(!HAS_WEB_BUILD)(
    "starts once the database comes up while it retries",
    async () => {
      const base = new URL(PG_URL);
      const name = `storefront_start_${process.pid}_${Date.now()}`;
      const adminClient = new pg.Client({ connectionString: PG_URL });
      await adminClient.connect();
      await adminClient.query(`create database ${name}`);
      const proxy = new TcpProxy(base.hostname, Number(base.port || 5432));
      await proxy.listen();
      proxy.refuse();
      try {
        const url = new URL(base);
        url.host = `127.0.0.1:${proxy.port}`;
        url.pathname = `/${name}`;
        const { output } = await runServer(
          {
            DATABASE_URL: url.toString(),
            DATABASE_START_ATTEMPTS: "5",
            PORT: "0",
            WEB_BUILD_DIR: WEB_BUILD,
            DATA_DIR: await mkdtemp(path.join(os.tmpdir(), "storefront-start-")),
          },
          /Store ready/,
          // The database comes up while the server waits to try again.
          (output) => {
            if (/trying again in/.test(output)) proxy.restore();
          },
        );
        expect(output).toMatch(/trying again in 1 s/);
        expect(output).toMatch(/Store ready/);
      } finally {
        await proxy.close();
        await adminClient.query(`drop database if exists ${name} with (force)`);
        await adminClient.end();
      }
    },
    60_000,
  );
});
