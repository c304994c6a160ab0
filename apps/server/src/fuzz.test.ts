/**
 * Hostile input on every route: each operation of the OpenAPI document and each page route gets
 * property-based requests (fast-check) with hostile strings, numbers, nesting, bodies and headers,
 * and must answer below 500. FUZZ_RUNS sets the cases per route (`npm run fuzz` runs 2,000).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import type { InjectOptions } from "fastify";
import { describe, expect, it } from "vitest";
import { PETS } from "../test/fixtures.ts";
import { createTestApp, type TestApp, useTestApp } from "../test/helper.ts";
import { operationsOf, PAGE_PATHS, pageArbitrary, requestArbitrary } from "./fuzz-test-helpers.ts";

const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const WEB_BUILD = fileURLToPath(new URL("../../web/build", import.meta.url));
const HAS_WEB_BUILD = existsSync(path.join(WEB_BUILD, "server", "index.js"));

/** Sends each generated request; any 5xx fails with the request that caused it. */
async function expectNoServerError(t: TestApp, arbitrary: fc.Arbitrary<InjectOptions>) {
  await fc.assert(
    fc.asyncProperty(arbitrary, async (request) => {
      const res = await t.app.inject(request);
      if (res.statusCode >= 500) {
        throw new Error(
          `${res.statusCode} for ${request.method} ${String(request.url)}\n` +
            `headers: ${JSON.stringify(request.headers)}\n` +
            `payload: ${String(request.payload ?? "").slice(0, 300)}\n` +
            `answer: ${res.body.slice(0, 300)}`,
        );
      }
    }),
    { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }), endOnFailure: true },
  );
}

// The OpenAPI document is read once, from an app built like the others.
const document = await (async () => {
  const t = await createTestApp();
  try {
    return (await t.app.inject({ url: "/api/openapi.json", headers: { host: PETS } })).json();
  } finally {
    await t.close();
  }
})();
const operations = operationsOf(document);

describe("no 5xx from hostile input", () => {
  const t = useTestApp(
    { trustProxy: 1, ...(HAS_WEB_BUILD ? { webBuildDir: WEB_BUILD } : {}) },
    { web: HAS_WEB_BUILD },
  );

  it("the OpenAPI document lists every API route", () => {
    expect(operations.length).toBeGreaterThanOrEqual(38);
  });

  describe("API routes", () => {
    for (const operation of operations) {
      it(`${operation.method} ${operation.path} answers hostile requests below 500`, async () => {
        await expectNoServerError(t, requestArbitrary(operation));
      }, 600_000);
    }
  });

  describe.skipIf(!HAS_WEB_BUILD)("page routes (needs npm run build)", () => {
    for (const pagePath of PAGE_PATHS) {
      it(`page ${pagePath} answers hostile requests below 500`, async () => {
        await expectNoServerError(t, pageArbitrary(pagePath));
      }, 600_000);
    }
  });
});
