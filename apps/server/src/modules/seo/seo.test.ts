import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  GARDEN,
  GARDEN_STORE,
  HEMP,
  HEMP_STORE,
  PET_STORE,
  PETS,
  signedInVisitor,
} from "../../../test/fixtures.ts";
import { useTestApp } from "../../../test/helper.ts";
import { products, variants } from "../../db/schema.ts";
import { sitemapXml } from "./service.ts";

/** The <loc> URLs of a sitemap or sitemap index, in order. */
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] ?? "");

describe("robots.txt and sitemaps", () => {
  const t = useTestApp();

  const get = (url: string, host = PETS) => t.app.inject({ url, headers: { host } });
  const publishedHandles = async (storeId: string) =>
    (
      await t.database.db
        .select({ handle: products.handle })
        .from(products)
        .where(and(eq(products.storeId, storeId), eq(products.published, true)))
    ).map((p) => p.handle);

  it("robots.txt names the store's own sitemap and keeps crawlers out of shoppers' and owners' pages", async () => {
    for (const host of [PETS, HEMP]) {
      const res = await get("/robots.txt", host);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/plain/);
      expect(res.body).toContain(`Sitemap: http://${host}/sitemap.xml`);
      for (const path of ["/account", "/checkout", "/cart", "/admin", "/search", "/platform"]) {
        expect(res.body).toContain(`Disallow: ${path}\n`);
      }
    }
  });

  it("each demo store's sitemap lists exactly its own published products, with its home, collections, pages and policies", async () => {
    for (const [host, storeId] of [
      [PETS, PET_STORE],
      [HEMP, HEMP_STORE],
      [GARDEN, GARDEN_STORE],
    ] as const) {
      const res = await get("/sitemap.xml", host);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^application\/xml/);
      expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
      const urls = locs(res.body);
      expect(urls[0]).toBe(`http://${host}/`);
      const listed = urls
        .filter((u) => u.startsWith(`http://${host}/products/`))
        .map((u) => u.slice(`http://${host}/products/`.length));
      expect(listed.sort()).toEqual((await publishedHandles(storeId)).sort());
      expect(urls.every((u) => u.startsWith(`http://${host}/`))).toBe(true);
      expect(urls).toContain(`http://${host}/policies/shipping-policy`);
      expect(urls).toContain(`http://${host}/pages/about`);
      expect(urls).not.toContain(`http://${host}/pages/homepage`);
      expect(new Set(urls).size).toBe(urls.length);
    }
    const pets = locs((await get("/sitemap.xml")).body);
    expect(pets).toContain(`http://${PETS}/collections/liquid-dog-vitamins-supplements`);
    expect(pets).toContain(`http://${PETS}/pages/faq`);
  });

  it("a hidden product leaves the sitemap, and a price change moves its lastmod", async () => {
    const { v } = await signedInVisitor(
      t.app,
      t.database.db,
      { storeId: PET_STORE, userType: "admin" },
      PETS,
    );
    const [product] = await t.database.db
      .select({ id: products.id, handle: products.handle })
      .from(products)
      .where(and(eq(products.storeId, PET_STORE), eq(products.handle, "itchy-scratchy")));
    if (!product) throw new Error("no product");
    const entry = (xml: string) =>
      new RegExp(
        `<url><loc>http://${PETS}/products/${product.handle}</loc><lastmod>([^<]+)</lastmod></url>`,
      ).exec(xml)?.[1];
    const before = entry((await get("/sitemap.xml")).body);
    expect(before).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const hidden = await v.patch(`/api/admin/products/${product.id}`, { published: false });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(entry((await get("/sitemap.xml")).body)).toBeUndefined();
    const shown = await v.patch(`/api/admin/products/${product.id}`, { published: true });
    expect(shown.statusCode, shown.body).toBe(200);

    const [variant] = await t.database.db
      .select({ id: variants.id })
      .from(variants)
      .where(eq(variants.productId, product.id));
    const priced = await v.patch(`/api/admin/variants/${variant?.id}`, {
      prices: [{ currency: "usd", amount: 4321 }],
    });
    expect(priced.statusCode, priced.body).toBe(200);
    const after = entry((await get("/sitemap.xml")).body);
    expect(Date.parse(after ?? "")).toBeGreaterThan(Date.parse(before ?? ""));
  });

  it("past the URLs one file may hold, /sitemap.xml is an index of files that list every page once", async () => {
    const all = locs(
      (await sitemapXml(t.database.db, PET_STORE, "https://pets.example", null)) ?? "",
    );
    const index =
      (await sitemapXml(t.database.db, PET_STORE, "https://pets.example", null, 10)) ?? "";
    expect(index).toContain("<sitemapindex ");
    const files = locs(index);
    expect(files).toHaveLength(Math.ceil(all.length / 10));
    expect(files[0]).toBe("https://pets.example/sitemap-1.xml");
    const listed: string[] = [];
    for (let n = 1; n <= files.length; n += 1) {
      const xml = await sitemapXml(t.database.db, PET_STORE, "https://pets.example", n, 10);
      expect(xml).toContain("<urlset ");
      listed.push(...locs(xml ?? ""));
    }
    expect(listed).toEqual(all);
    expect(
      await sitemapXml(t.database.db, PET_STORE, "https://pets.example", files.length + 1, 10),
    ).toBeNull();
  });

  it("answers 404 for a numbered sitemap while one file holds every page, and for a malformed name", async () => {
    for (const url of ["/sitemap-1.xml", "/sitemap-0.xml", "/sitemap-x.xml", "/sitemap-1.xml.gz"]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });
});
