/**
 * How much JavaScript does a product page load on first load: each file the browser fetches (its
 * scripts, modulepreloads and their static imports) and each inline script, gzipped.
 */
import { gzipSync } from "node:zlib";
import { kb, kib, progress, table } from "../lib/format.ts";
import { attempt, whyNotRun } from "../lib/problems.ts";
import type { BenchServers } from "../lib/servers.ts";
import { wanted } from "../lib/settings.ts";
import { PATHS } from "../lib/store-requests.ts";

interface JsFile {
  url: string;
  /** How the page reaches it: script src, modulepreload, inline import, or a static import. */
  via: string[];
  status: number;
  /** Content-Encoding the server used (fetch asked for gzip/br). */
  servedEncoding: string | null;
  rawBytes: number;
  gzipBytes: number;
}

interface InlineScript {
  index: number;
  type: string;
  rawBytes: number;
  gzipBytes: number;
  preview: string;
}

export interface JsReport {
  pageUrl: string;
  html: { rawBytes: number; gzipBytes: number };
  files: JsFile[];
  total: { files: number; rawBytes: number; gzipBytes: number };
  inlineScripts: InlineScript[];
  inlineTotal: { scripts: number; rawBytes: number; gzipBytes: number };
  jsonLd: { scripts: number; rawBytes: number; gzipBytes: number };
  /** /assets/*.js named in inline scripts but not imported by them (e.g. the route manifest). */
  referencedNotLoaded: string[];
  /** Modules reached by a static import that had no modulepreload link. */
  missingModulepreload: string[];
}

const gzipSize = (data: Uint8Array | string): number => gzipSync(data, { level: 9 }).byteLength;

/** "static import from a.js", "static import from b.js" → "statically imported by 2 modules". */
function summarizeVia(via: string[]): string[] {
  const imports = via.filter((v) => v.startsWith("static import from "));
  const rest = via.filter((v) => !v.startsWith("static import from "));
  if (imports.length === 1 && imports[0] !== undefined) rest.push(imports[0]);
  if (imports.length > 1) rest.push(`statically imported by ${imports.length} modules`);
  return rest;
}

function parseAttributes(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  const pattern = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;
  for (const m of source.matchAll(pattern)) {
    const name = m[1];
    if (name === undefined) continue;
    attributes.set(name.toLowerCase(), decodeEntities(m[2] ?? m[3] ?? m[4] ?? ""));
  }
  return attributes;
}

function decodeEntities(value: string): string {
  return value
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

/** Specifiers of `import "x"`, `import … from "x"`, `export … from "x"` and `import("x")`. */
function importSpecifiers(code: string, { dynamic }: { dynamic: boolean }): string[] {
  const found: string[] = [];
  const patterns = [/\bfrom\s*["']([^"'\s]+)["']/g, /\bimport\s*["']([^"'\s]+)["']/g];
  if (dynamic) patterns.push(/\bimport\s*\(\s*["']([^"'\s]+)["']\s*\)/g);
  for (const pattern of patterns) {
    for (const m of code.matchAll(pattern)) if (m[1] !== undefined) found.push(m[1]);
  }
  return found;
}

async function measureProductPageJs(origin: string): Promise<JsReport> {
  const pageUrl = new URL(PATHS.product, origin).href;
  const response = await fetch(pageUrl);
  if (response.status !== 200) throw new Error(`GET ${pageUrl} answered ${response.status}`);
  const html = await response.text();

  const files = new Map<string, { via: Set<string>; order: number }>();
  const add = (href: string, base: string, via: string) => {
    const url = new URL(href, base);
    if (url.origin !== new URL(origin).origin || !url.pathname.endsWith(".js")) return false;
    const entry = files.get(url.href) ?? { via: new Set<string>(), order: files.size };
    entry.via.add(via);
    files.set(url.href, entry);
    return true;
  };

  const inlineScripts: InlineScript[] = [];
  const jsonLd = { scripts: 0, rawBytes: 0, gzipBytes: 0 };
  const mentioned = new Set<string>();
  let index = 0;
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = parseAttributes(m[1] ?? "");
    const body = m[2] ?? "";
    const src = attributes.get("src");
    const type = (attributes.get("type") ?? "").toLowerCase();
    if (src !== undefined) {
      add(src, pageUrl, type === "module" ? "script type=module src" : "script src");
      continue;
    }
    index += 1;
    if (type.includes("json")) {
      jsonLd.scripts += 1;
      jsonLd.rawBytes += Buffer.byteLength(body);
      jsonLd.gzipBytes += gzipSize(body);
      continue;
    }
    inlineScripts.push({
      index,
      type: type === "" ? "classic" : type,
      rawBytes: Buffer.byteLength(body),
      gzipBytes: gzipSize(body),
      preview: body.trim().replace(/\s+/g, " ").slice(0, 70),
    });
    for (const specifier of importSpecifiers(body, { dynamic: true })) {
      add(specifier, pageUrl, "inline import");
    }
    // Preloads the module script makes after the first paint (head-order.server.ts).
    for (const [, list = "[]"] of body.matchAll(/for \(const href of (\[[^\]]*\])\)/g)) {
      for (const href of JSON.parse(list) as string[]) add(href, pageUrl, "modulepreload");
    }
    for (const s of body.matchAll(/["'](\/assets\/[^"'\s]+\.js)["']/g)) {
      if (s[1] !== undefined) mentioned.add(new URL(s[1], pageUrl).href);
    }
  }
  for (const m of html.matchAll(/<link\b([^>]*)>/gi)) {
    const attributes = parseAttributes(m[1] ?? "");
    const rel = (attributes.get("rel") ?? "").toLowerCase().split(/\s+/);
    const href = attributes.get("href");
    if (rel.includes("modulepreload") && href !== undefined) add(href, pageUrl, "modulepreload");
  }

  // Fetch everything, following static imports the browser would also load.
  const fetched = new Map<string, JsFile>();
  const missingModulepreload: string[] = [];
  const queue = [...files.keys()];
  while (queue.length > 0) {
    const url = queue.shift();
    if (url === undefined || fetched.has(url)) continue;
    const res = await fetch(url);
    const body = new Uint8Array(await res.arrayBuffer());
    if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
    const entry = files.get(url);
    fetched.set(url, {
      url,
      via: [...(entry?.via ?? [])],
      status: res.status,
      servedEncoding: res.headers.get("content-encoding"),
      rawBytes: body.byteLength,
      gzipBytes: gzipSize(body),
    });
    const code = Buffer.from(body).toString("utf8");
    const importer = new URL(url).pathname.split("/").pop() ?? url;
    for (const specifier of importSpecifiers(code, { dynamic: false })) {
      const known = files.has(new URL(specifier, url).href);
      if (add(specifier, url, `static import from ${importer}`) && !known) {
        const resolved = new URL(specifier, url).href;
        missingModulepreload.push(resolved);
        queue.push(resolved);
      }
    }
  }
  for (const file of fetched.values()) {
    file.via = summarizeVia([...(files.get(file.url)?.via ?? [])]);
  }

  const list = [...fetched.values()].sort(
    (a, b) => (files.get(a.url)?.order ?? 0) - (files.get(b.url)?.order ?? 0),
  );
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  return {
    pageUrl,
    html: { rawBytes: Buffer.byteLength(html), gzipBytes: gzipSize(html) },
    files: list,
    total: {
      files: list.length,
      rawBytes: sum(list.map((f) => f.rawBytes)),
      gzipBytes: sum(list.map((f) => f.gzipBytes)),
    },
    inlineScripts,
    inlineTotal: {
      scripts: inlineScripts.length,
      rawBytes: sum(inlineScripts.map((s) => s.rawBytes)),
      gzipBytes: sum(inlineScripts.map((s) => s.gzipBytes)),
    },
    jsonLd,
    referencedNotLoaded: [...mentioned].filter((url) => !fetched.has(url)),
    missingModulepreload,
  };
}

export async function runJavaScriptWeight(
  servers: BenchServers,
  problems: string[],
): Promise<JsReport | null> {
  if (!wanted("javascript")) return null;
  progress("measuring the product page's JavaScript");
  return attempt(problems, "JavaScript size", () => measureProductPageJs(servers.appOrigin));
}

function printJs(js: JsReport): string {
  const lines: string[] = [];
  lines.push(
    `Page: ${js.pageUrl}   (HTML ${kb(js.html.rawBytes)} raw, ${kb(js.html.gzipBytes)} gzip)`,
  );
  lines.push("External JavaScript on first load (each file gzipped with zlib level 9):");
  lines.push(
    table(
      ["File", "raw", "gzip KB", "gzip KiB", "served as", "reached via"],
      [
        ...js.files.map((f) => [
          new URL(f.url).pathname,
          kb(f.rawBytes),
          kb(f.gzipBytes),
          kib(f.gzipBytes),
          f.servedEncoding ?? "identity",
          f.via.join(", "),
        ]),
        [
          "TOTAL",
          kb(js.total.rawBytes),
          kb(js.total.gzipBytes),
          kib(js.total.gzipBytes),
          "",
          `${js.total.files} files`,
        ],
      ],
      [false, true, true, true, false, false],
    ),
  );
  lines.push("");
  lines.push("Inline scripts in the HTML (each gzipped separately; not in the total above):");
  lines.push(
    table(
      ["#", "type", "raw", "gzip KB", "gzip KiB", "starts with"],
      [
        ...js.inlineScripts.map((s) => [
          String(s.index),
          s.type,
          kb(s.rawBytes),
          kb(s.gzipBytes),
          kib(s.gzipBytes),
          s.preview,
        ]),
        [
          "",
          "TOTAL",
          kb(js.inlineTotal.rawBytes),
          kb(js.inlineTotal.gzipBytes),
          kib(js.inlineTotal.gzipBytes),
          `${js.inlineTotal.scripts} scripts`,
        ],
      ],
      [true, false, true, true, true, false],
    ),
  );
  lines.push(
    `JSON-LD (not JavaScript): ${js.jsonLd.scripts} block(s), ${kb(js.jsonLd.rawBytes)} raw, ${kb(js.jsonLd.gzipBytes)} gzip`,
  );
  lines.push(
    `External + inline JavaScript, gzipped: ${kb(js.total.gzipBytes + js.inlineTotal.gzipBytes)} (${kib(js.total.gzipBytes + js.inlineTotal.gzipBytes)})`,
  );
  if (js.missingModulepreload.length > 0) {
    lines.push(
      `Statically imported but not modulepreloaded: ${js.missingModulepreload.map((u) => new URL(u).pathname).join(", ")}`,
    );
  }
  if (js.referencedNotLoaded.length > 0) {
    lines.push(
      `Named in inline scripts but not imported on first load (not counted): ${js.referencedNotLoaded.map((u) => new URL(u).pathname).join(", ")}`,
    );
  }
  return lines.join("\n");
}

export function printJavaScriptWeight(js: JsReport | null): string[] {
  return [
    "Product page JavaScript (1 KB = 1000 bytes, 1 KiB = 1024 bytes)",
    js !== null ? printJs(js) : whyNotRun("javascript", { failed: "not measured" }),
    "",
  ];
}
