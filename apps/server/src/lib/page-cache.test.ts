import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { PAGE_FRESH_S, PAGE_STALE_S, PageCache, type SharedPage } from "./page-cache.ts";

function page(html: string, tags: string[] = [], status = 200): SharedPage {
  return {
    status,
    keep: true,
    headers: [["content-type", "text/html; charset=utf-8"]],
    body: Buffer.from(html),
    tags: new Set(tags),
  };
}

function clock() {
  let now = 1_000_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe("page cache", () => {
  it("serves a kept page fresh, then stale while it is rendered again, then not at all", async () => {
    const time = clock();
    const cache = new PageCache(1_000_000, time.now);
    await cache.fill("k", "s", async () => page("<p>one</p>"));
    expect(cache.lookup("k")?.state).toBe("hit");
    time.advance(PAGE_FRESH_S * 1000);
    expect(cache.lookup("k")?.state).toBe("stale");
    time.advance(PAGE_STALE_S * 1000);
    expect(cache.lookup("k")).toBeUndefined();
  });

  it("renders a page once however many visitors ask for it at the same moment", async () => {
    const cache = new PageCache(1_000_000);
    let renders = 0;
    const render = async () => {
      renders += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return page("<p>shared</p>");
    };
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => cache.fill("k", "s", render)));
    expect(renders).toBe(1);
    expect(new Set(answers.map((a) => a.etag)).size).toBe(1);
  });

  it("keeps only 200s: a 404 goes to who asked and is rendered again next time", async () => {
    const cache = new PageCache(1_000_000);
    const answer = await cache.fill("k", "s", async () => page("<p>not found</p>", [], 404));
    expect(answer.status).toBe(404);
    expect(cache.lookup("k")).toBeUndefined();
  });

  it("does not keep a page that lacks what a read could not answer", async () => {
    const cache = new PageCache(1_000_000);
    const answer = await cache.fill("k", "s", async () => ({
      ...page("<p>no reviews</p>"),
      keep: false,
    }));
    expect(answer.status).toBe(200);
    expect(cache.lookup("k")).toBeUndefined();
  });

  it("never holds more bytes than its limit: the least recently used page goes first", async () => {
    const cache = new PageCache(2_500);
    for (const key of ["a", "b"]) await cache.fill(key, "s", async () => page("x".repeat(1_000)));
    cache.lookup("a");
    await cache.fill("c", "s", async () => page("y".repeat(1_000)));
    expect(cache.lookup("b")).toBeUndefined();
    expect(cache.lookup("a")).toBeDefined();
    expect(cache.lookup("c")).toBeDefined();
    expect(cache.bytes).toBeLessThanOrEqual(2_500);
  });

  it("counts a page's compressed copies in its limit, and compresses each encoding once", async () => {
    const html = `<main>${"<p>Calm skin, happy dog.</p>".repeat(200)}</main>`;
    const cache = new PageCache(1_000_000);
    const kept = await cache.fill("k", "s", async () => page(html));
    const br = await cache.encoded("k", kept, "br");
    expect(zlib.brotliDecompressSync(br).toString()).toBe(html);
    expect(await cache.encoded("k", kept, "br")).toBe(br);
    const gz = await cache.encoded("k", kept, "gzip");
    expect(zlib.gunzipSync(gz).toString()).toBe(html);
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.bytes).toBe(html.length + br.length + gz.length);
  });

  it("drops the pages of a store that show what changed, and only those", async () => {
    const cache = new PageCache(1_000_000);
    await cache.fill("product", "pets", async () => page("p", ["product:itchy"]));
    await cache.fill("other-product", "pets", async () => page("o", ["product:calm"]));
    await cache.fill("home", "pets", async () => page("h", ["catalog"]));
    await cache.fill("hemp-product", "hemp", async () => page("x", ["product:itchy"]));
    cache.forget("pets", "product:itchy");
    expect(cache.lookup("product")).toBeUndefined();
    expect(cache.lookup("other-product")).toBeDefined();
    expect(cache.lookup("home")).toBeDefined();
    expect(cache.lookup("hemp-product")).toBeDefined();
    cache.forget("pets", "store");
    expect(cache.lookup("other-product")).toBeUndefined();
    expect(cache.lookup("home")).toBeUndefined();
    expect(cache.lookup("hemp-product")).toBeDefined();
  });

  it("does not keep a page whose render began before a change it may have missed", async () => {
    const cache = new PageCache(1_000_000);
    let finish: (p: SharedPage) => void = () => {};
    const rendering = cache.fill(
      "k",
      "pets",
      () => new Promise<SharedPage>((resolve) => (finish = resolve)),
    );
    cache.forget("pets", "product:itchy");
    finish(page("<p>old stock</p>", ["product:itchy"]));
    expect((await rendering).status).toBe(200);
    expect(cache.lookup("k")).toBeUndefined();
  });
});
