// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The web calls the API through ~/lib/api alone (issue: one typed contract): a path and its
// answer's type are one value, the endpoint's descriptor in packages/domain/src/endpoints.

const APP = fileURLToPath(new URL("..", import.meta.url));
/**
 * Where the server's API answers (apps/server/src/modules/<module>/routes.ts): a path in quotes,
 * after an interpolation (`${origin}/api/…`), or in a route string ("GET /api/cart").
 */
const API_PATH =
  /(["'`}]|\b(?:GET|POST|PUT|PATCH|DELETE) )\/(api|v2|auth|metrics|data|reviews|pbn)\b/;
/** The ways a call could skip the contract: a raw request or fetch, a loader's raw read. */
const RAW_CALLS =
  /\bapiRequest\b|\bapiGet\b|\bcontext\.api\(|\banswerOf\b|\bfetch\(|\bsendBeacon\(/;
/**
 * The client itself, the only files that may speak to the API directly, and the analytics
 * tracker, whose beacons (navigator.sendBeacon, else a keepalive fetch) take ANALYTICS_ROUTES'
 * paths: a beacon outlives the page, which no call of the client does.
 */
const CLIENT = new Set(["lib/api-client.ts", "lib/api.server.ts", "features/analytics/tracker.ts"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Each line of the file that matches, as "file:line: text", comments left out. */
function offending(pattern: RegExp): string[] {
  return sourceFiles(APP).flatMap((file) => {
    const name = path.relative(APP, file);
    if (CLIENT.has(name)) return [];
    return readFileSync(file, "utf8")
      .split("\n")
      .flatMap((line, i) => {
        const code = line.replace(/^\s*(\/\/|\*|\/\*\*).*$/, "").replace(/\s\/\/ .*$/, "");
        return pattern.test(code) ? [`${name}:${i + 1}: ${line.trim()}`] : [];
      });
  });
}

describe("the web's calls to the API", () => {
  it("are checked over the whole app, with patterns that match what they forbid", () => {
    expect(sourceFiles(APP).length).toBeGreaterThan(100);
    for (const file of CLIENT) expect(existsSync(path.join(APP, file)), file).toBe(true);
    // Source text as the files hold it (the `$` is apart, so these are not template strings).
    const $ = "$";
    for (const code of [
      'fetch("/api/cart")',
      `\`/api/orders/${$}{n}\``,
      `\`${$}{origin}/api/cart\``,
      '"GET /api/cart"',
      '"/v2/auth/status"',
    ]) {
      expect(API_PATH.test(code), code).toBe(true);
    }
    expect(API_PATH.test('"/admin/orders"'), "a page's path").toBe(false);
    expect(RAW_CALLS.test(readFileSync(path.join(APP, "lib/api-client.ts"), "utf8"))).toBe(true);
  });

  it("name no API path: every path is an endpoint's route, from packages/domain", () => {
    expect(offending(API_PATH)).toEqual([]);
  });

  it("go through ~/lib/api's calls, never a raw request or a cast answer", () => {
    expect(offending(RAW_CALLS)).toEqual([]);
  });
});
