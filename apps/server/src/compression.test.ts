import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { PETS } from "../test/fixtures.ts";
import { useTestApp } from "../test/helper.ts";

const WEB_BUILD = fileURLToPath(new URL("../../web/build", import.meta.url));
const HAS_WEB_BUILD = existsSync(path.join(WEB_BUILD, "server", "index.js"));
/** What Chromium sends. */
const BROWSER = "gzip, deflate, br, zstd";

const brotliAt = (body: Buffer, quality: number) =>
  zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality } });

describe.skipIf(!HAS_WEB_BUILD)("compression", () => {
  const t = useTestApp({ webBuildDir: WEB_BUILD }, { web: true });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      url,
      headers: { host: PETS, ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}) },
    });

  it("compresses a page made per visitor with fast brotli (quality 4), not zlib's slow default of 11", async () => {
    const res = await get("/cart", BROWSER);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    const html = zlib.brotliDecompressSync(res.rawPayload);
    expect(html.toString("utf8")).toContain("<!DOCTYPE html>");
    const fast = brotliAt(html, 4).length;
    const slow = brotliAt(html, 11).length;
    // Within 3 % of quality 4's size, and clearly larger than quality 11's.
    expect(Math.abs(res.rawPayload.length - fast) / fast).toBeLessThan(0.03);
    expect(res.rawPayload.length).toBeGreaterThan(slow * 1.08);
  });

  it("names a page's stylesheets in a Link preload header, so they are asked for before its scripts", async () => {
    const res = await get("/products/itchy-scratchy", BROWSER);
    const html = zlib.brotliDecompressSync(res.rawPayload).toString("utf8");
    const head = html.slice(0, html.indexOf("</head>"));
    const stylesheets = [...head.matchAll(/rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
    expect(stylesheets.length).toBeGreaterThan(0);
    expect(res.headers.link).toBe(
      stylesheets.map((href) => `<${href}>; rel=preload; as=style`).join(", "),
    );
  });

  it("sends a page and an API answer uncompressed to a client that asks for no encoding", async () => {
    for (const url of ["/products/itchy-scratchy", "/api/products/itchy-scratchy/reviews"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-encoding"], url).toBeUndefined();
    }
  });

  it("serves the build's scripts and styles compressed once at build time (brotli 11 or gzip), cached for a year", async () => {
    const assets = path.join(WEB_BUILD, "client", "assets");
    const names = readdirSync(assets);
    const script = names.find((n) => n.endsWith(".js") && names.includes(`${n}.br`));
    const style = names.find((n) => n.endsWith(".css") && names.includes(`${n}.br`));
    expect(script).toBeTruthy();
    expect(style).toBeTruthy();
    for (const name of [script, style]) {
      const file = path.join(assets, name ?? "");
      const raw = readFileSync(file);
      const br = await get(`/assets/${name}`, BROWSER);
      expect(br.statusCode).toBe(200);
      expect(br.headers["content-encoding"]).toBe("br");
      expect(br.rawPayload.equals(readFileSync(`${file}.br`))).toBe(true);
      expect(zlib.brotliDecompressSync(br.rawPayload).equals(raw)).toBe(true);
      expect(br.rawPayload.length).toBeLessThanOrEqual(brotliAt(raw, 11).length);
      expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(String(br.headers.vary)).toMatch(/accept-encoding/i);

      const gz = await get(`/assets/${name}`, "gzip, deflate");
      expect(gz.headers["content-encoding"]).toBe("gzip");
      expect(zlib.gunzipSync(gz.rawPayload).equals(raw)).toBe(true);

      const plain = await get(`/assets/${name}`);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.rawPayload.equals(raw)).toBe(true);
    }
  });
});
