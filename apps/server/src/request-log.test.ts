import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PETS } from "../test/fixtures.ts";
import { createTestApp, type TestApp } from "../test/helper.ts";
import { PAGE_CALL_HEADER } from "./plugins/request-log.ts";

const WEB_BUILD = fileURLToPath(new URL("../../web/build", import.meta.url));
const HAS_WEB_BUILD = existsSync(path.join(WEB_BUILD, "server", "index.js"));

describe.skipIf(!HAS_WEB_BUILD)("request log", () => {
  const lines: Record<string, unknown>[] = [];
  let t: TestApp;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await createTestApp(
      { logLevel: "info", webBuildDir: WEB_BUILD },
      { web: true, logStream: { write: (line) => void lines.push(JSON.parse(line)) } },
    );
    app = t.app;
  });
  afterAll(() => t.close());

  it("writes one line for a product page, with its path, status and time, not one per API call it makes", async () => {
    lines.length = 0;
    const res = await app.inject({
      url: "/products/itchy-scratchy?variant=ITCHY-2",
      headers: { host: PETS },
    });
    expect(res.statusCode).toBe(200);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: "request completed",
      req: { method: "GET", url: "/products/itchy-scratchy?variant=[Redacted]" },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
  });

  it("writes nothing for the load balancer's /healthz and /readyz", async () => {
    lines.length = 0;
    expect((await app.inject({ url: "/healthz", headers: { host: PETS } })).statusCode).toBe(200);
    expect((await app.inject({ url: "/readyz", headers: { host: PETS } })).statusCode).toBe(200);
    expect(lines).toEqual([]);
  });

  it("writes one line for an API call, and a client cannot hide its requests by sending the page-call header", async () => {
    lines.length = 0;
    await app.inject({ url: "/api/cart", headers: { host: PETS } });
    await app.inject({ url: "/api/cart", headers: { host: PETS, [PAGE_CALL_HEADER]: "guess" } });
    expect(lines.map((l) => [l.msg, (l.req as { url: string }).url])).toEqual([
      ["request completed", "/api/cart"],
      ["request completed", "/api/cart"],
    ]);
  });
});
