/**
 * WEB_CONCURRENCY=2 on PostgreSQL and Redis: two worker processes share the port, and a visitor
 * whose requests land on either sees one store: the same cart and session, one count of failed
 * sign-ins, and a new review on both at once (not after the caches' 2 s).
 */
import type { ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createPostgresDatabase } from "../test/helper.ts";
import { redisAnswers, TEST_REDIS_URL, testRedisPrefix } from "../test/redis.ts";
import { freePort, startServer } from "../test/server-process.ts";

const WEB_BUILD = fileURLToPath(new URL("../../web/build", import.meta.url));
const HAS_WEB_BUILD = existsSync(path.join(WEB_BUILD, "server", "index.js"));
const HAS_REDIS = await redisAnswers();

interface Answer {
  status: number;
  body: unknown;
  cookies: string[];
}

/** One request on a new connection (no keep-alive), so the workers take turns answering. */
function ask(port: number, method: string, url: string, cookie = "", body?: unknown) {
  return new Promise<Answer>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path: url,
        agent: false,
        headers: {
          origin: `http://127.0.0.1:${port}`,
          ...(payload ? { "content-type": "application/json" } : {}),
          ...(cookie ? { cookie } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          resolve({
            status: response.statusCode ?? 0,
            body: text ? JSON.parse(text) : null,
            cookies: (response.headers["set-cookie"] ?? []).map((c) => c.split(";")[0] ?? ""),
          });
        });
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
}

describe.skipIf(!HAS_WEB_BUILD || !HAS_REDIS)(
  "two worker processes (WEB_CONCURRENCY=2) on PostgreSQL and Redis",
  () => {
    let dropDatabase: () => Promise<void>;
    let port: number;
    let server: ChildProcess | undefined;
    const output: string[] = [];

    beforeAll(async () => {
      const database = await createPostgresDatabase();
      dropDatabase = database.drop;
      port = await freePort();
      server = await startServer({
        WEB_CONCURRENCY: "2",
        DATABASE_URL: database.url,
        REDIS_URL: TEST_REDIS_URL,
        REDIS_KEY_PREFIX: testRedisPrefix(),
        PORT: String(port),
        HOST: "127.0.0.1",
        WEB_BUILD_DIR: WEB_BUILD,
        DATA_DIR: await mkdtemp(path.join(os.tmpdir(), "storefront-cluster-")),
      });
      server.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    }, 60_000);
    afterAll(async () => {
      server?.kill("SIGTERM");
      await new Promise((resolve) => setTimeout(resolve, 500));
      server?.kill("SIGKILL");
      await dropDatabase();
    });

    it("answers from both processes with one cart, one count of failed sign-ins and a new review at once", async () => {
      // A guest's cart, read back on new connections: both workers know the session.
      const added = await ask(port, "POST", "/api/cart/items", "", { sku: "ITCHY-1", quantity: 2 });
      expect(added.status).toBe(200);
      const session = added.cookies.find((c) => c.startsWith("sf_session=")) ?? "";
      for (let i = 0; i < 6; i += 1) {
        const cart = await ask(port, "GET", "/api/cart", session);
        expect(cart.status).toBe(200);
        expect((cart.body as { cartItems: { quantity: number }[] }).cartItems).toMatchObject([
          { quantity: 2 },
        ]);
      }
      // Both workers answered (each request writes one log line with its process id; request
      // lines reach the log within half a second, in batches).
      await vi.waitFor(
        () => {
          const pids = new Set(
            output
              .join("")
              .split("\n")
              .filter((line) => line.includes("request completed"))
              .map((line) => (JSON.parse(line) as { pid: number }).pid),
          );
          expect(pids.size).toBe(2);
        },
        { timeout: 5_000, interval: 100 },
      );

      // Ten wrong passwords for one email, spread over both workers, are counted once: the
      // eleventh attempt is refused even with the right one unknown.
      const email = `cluster-${Date.now()}@example.com`;
      for (let i = 0; i < 10; i += 1) {
        const wrong = await ask(port, "POST", "/v2/auth/login", "", {
          email,
          password: `not the password ${i}`,
        });
        expect(wrong.status).toBe(401);
      }
      const blocked = await ask(port, "POST", "/v2/auth/login", "", {
        email,
        password: "still not the password",
      });
      expect(blocked.status).toBe(429);

      // Both workers have the first page of reviews cached; a new review shows on both at once.
      const list = "/api/products/eat/reviews";
      for (let i = 0; i < 4; i += 1) expect((await ask(port, "GET", list)).status).toBe(200);
      const text = `Seen by both workers ${Date.now()}`;
      const review = await ask(port, "POST", "/reviews/addReview", "", {
        handle: "eat",
        review_id: `${Date.now()}`,
        review_rating: 5,
        reviewer_name: "Cluster Test",
        review_description: text,
        review_title: "",
        reviewer_email: "cluster@example.com",
      });
      expect(review.status).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (let i = 0; i < 4; i += 1) {
        const page = (await ask(port, "GET", list)).body as {
          reviews: { review_description: string }[];
        };
        expect(page.reviews[0]?.review_description).toBe(text);
      }
    }, 60_000);
  },
);
