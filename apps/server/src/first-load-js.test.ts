import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { PETS } from "../test/fixtures.ts";
import { useTestApp } from "../test/helper.ts";

const WEB_BUILD = fileURLToPath(new URL("../../web/build", import.meta.url));
const HAS_WEB_BUILD = existsSync(path.join(WEB_BUILD, "server", "index.js"));
/** The product page's first-load budget (decided): 120 KB of JavaScript, each file gzipped. */
const BUDGET_BYTES = 120_000;

const attribute = (tag: string, name: string) =>
  new RegExp(`\\b${name}="([^"]+)"`).exec(tag)?.[1] ?? null;

/**
 * The scripts a page starts with: modulepreload links (in the head, or made by the module script
 * after the first paint, see head-order.server.ts), script src and inline imports.
 */
function startingScripts(html: string): { preloaded: Set<string>; started: Set<string> } {
  const preloaded = new Set<string>();
  const started = new Set<string>();
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const href = attribute(tag, "href");
    if (attribute(tag, "rel") === "modulepreload" && href) preloaded.add(href);
  }
  for (const [, list = "[]"] of html.matchAll(/for \(const href of (\[[^\]]*\])\)/g)) {
    for (const href of JSON.parse(list) as string[]) preloaded.add(href);
  }
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    const src = attribute(tag, "src");
    if (src) started.add(src);
  }
  for (const [, spec] of html.matchAll(/\bimport\s*\(?\s*["'](\/assets\/[^"']+\.js)["']/g)) {
    if (spec) started.add(spec);
  }
  return { preloaded, started };
}

/** Every file the starting scripts import statically, as a browser fetches them before running. */
function staticClosure(start: Iterable<string>): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const queue = [...start];
  for (let url = queue.pop(); url !== undefined; url = queue.pop()) {
    if (files.has(url)) continue;
    const code = readFileSync(path.join(WEB_BUILD, "client", url));
    files.set(url, code);
    const text = code.toString("utf8");
    for (const [, a, b] of text.matchAll(
      /\bfrom\s*["']([^"']+)["']|\bimport\s*["']([^"']+)["']/g,
    )) {
      const spec = a ?? b;
      if (spec?.startsWith(".")) queue.push(path.posix.join(path.posix.dirname(url), spec));
    }
  }
  return files;
}

describe.skipIf(!HAS_WEB_BUILD)(
  "a product page's first-load JavaScript (needs npm run build)",
  () => {
    const t = useTestApp({ webBuildDir: WEB_BUILD }, { web: true });

    it("stays within 120 KB gzipped, and every file it imports statically is preloaded", async () => {
      const page = await t.app.inject({ url: "/products/itchy-scratchy", headers: { host: PETS } });
      expect(page.statusCode).toBe(200);
      const { preloaded, started } = startingScripts(page.body);
      const files = staticClosure([...preloaded, ...started]);
      const sizes = [...files].map(([url, code]) => ({
        url,
        gzip: gzipSync(code, { level: 9 }).length,
      }));
      const total = sizes.reduce((sum, f) => sum + f.gzip, 0);
      expect(total, JSON.stringify(sizes, null, 1)).toBeLessThanOrEqual(BUDGET_BYTES);
      expect([...files.keys()].filter((url) => !preloaded.has(url))).toEqual([]);
    });
  },
);
