import { describe, expect, it } from "vitest";
import { useTestApp } from "../../../test/helper.ts";
import { HOST_CACHE_ENTRIES } from "./service.ts";

const HOSTS = 60_000;

function heapAfterGc(): number {
  // --expose-gc is set for the server tests (vitest.config.ts); the figure is noisier without it.
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed;
}

// The cache is the process's own, the same on either database: PGlite is enough.
describe("the Host-to-store cache is bounded", () => {
  const t = useTestApp();

  it(`${HOSTS.toLocaleString("en")} unique Hosts keep at most ${HOST_CACHE_ENTRIES} and the heap flat`, async () => {
    const hostPad = "x".repeat(100);
    const ask = (i: number) =>
      t.app.inject({ url: "/api/no-such-route", headers: { host: `h${i}-${hostPad}.example` } });
    let heapAtBound = 0;
    for (let i = 0; i < HOSTS; i += 100) {
      const answers = await Promise.all(Array.from({ length: 100 }, (_, j) => ask(i + j)));
      for (const res of answers) expect(res.statusCode).toBe(404);
      // Let the event loop turn: injected requests finish their streams in setImmediate.
      await new Promise((resolve) => setImmediate(resolve));
      if (i + 100 === 2 * HOST_CACHE_ENTRIES) heapAtBound = heapAfterGc();
    }
    const growth = heapAfterGc() - heapAtBound;
    // 50,000 more remembered hosts of ~120 characters would hold about 35 MB.
    expect(growth).toBeLessThan(8 * 1024 * 1024);
    expect(t.app.stores.cachedHosts).toBe(HOST_CACHE_ENTRIES);
  }, 180_000);
});
