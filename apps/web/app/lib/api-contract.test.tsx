// @vitest-environment node
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The web calls the API through ~/lib/api alone (issue: one typed contract): a path and its
// answer's type are one value, the endpoint's descriptor in packages/domain/src/endpoints.

const APP = fileURLToPath(new URL("..", import.meta.url));
/** Where the server's API answers (apps/server/src/modules/<module>/routes.ts). */
const API_PATH = /["'`]\/(api|v2|auth|metrics|data|reviews|pbn)\//;
/** The ways a call could skip the contract: a raw request, a loader's raw read, an answer cast. */
const RAW_CALLS = /\bapiRequest\b|\bapiGet\b|\bcontext\.api\(|\banswerOf\b/;
/** The client itself, the only files that may speak to the API directly. */
const CLIENT = new Set(["lib/api-client.ts", "lib/api.server.ts"]);

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
  it("name no API path: every path is an endpoint's route, from packages/domain", () => {
    expect(offending(API_PATH)).toEqual([]);
  });

  it("go through ~/lib/api's calls, never a raw request or a cast answer", () => {
    expect(offending(RAW_CALLS)).toEqual([]);
  });
});
