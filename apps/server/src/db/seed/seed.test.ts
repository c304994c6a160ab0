import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { imageVariantUrl } from "@storefront/domain";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../test/helper.ts";
import { drawStoreImages } from "../../modules/media/index.ts";
import { localMediaStore } from "../../modules/media/media-store.ts";
import { DEMO_STORES, loadDemoStores } from "./index.ts";

async function count(db: Awaited<ReturnType<typeof openTestDatabase>>["db"], table: string) {
  const rows = await db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return (rows as unknown as { rows: { n: number }[] }).rows[0]?.n;
}

describe("demo stores", () => {
  it("load into an empty database once, and never twice", async () => {
    const database = await openTestDatabase();
    try {
      expect(await loadDemoStores(database.db)).toEqual({ loaded: true });
      const products = await count(database.db, "products");
      expect(await count(database.db, "stores")).toBe(3);
      expect(await loadDemoStores(database.db)).toEqual({ loaded: false });
      expect(await count(database.db, "products")).toBe(products);
    } finally {
      await database.dispose();
    }
  });
});

describe("demo images", () => {
  it("are drawn locally, each with its 728 px wide _728.webp variant", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "storefront-media-"));
    const store = DEMO_STORES[0];
    if (!store) throw new Error("no demo store");
    const sample = { ...store, images: store.images.slice(0, 2) };
    try {
      expect(await drawStoreImages(localMediaStore(dir), [sample])).toEqual({ written: 2 });
      for (const image of sample.images) {
        const original = path.join(dir, store.id, image.file);
        const variant = path.join(dir, imageVariantUrl(`/${store.id}/${image.file}`));
        expect(existsSync(original)).toBe(true);
        const meta = await sharp(variant).metadata();
        expect(meta.format).toBe("webp");
        expect(meta.width).toBe(Math.min(728, image.width));
      }
      expect(await drawStoreImages(localMediaStore(dir), [sample])).toEqual({ written: 0 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("exist for every image a demo product, page or logo refers to", () => {
    for (const store of DEMO_STORES) {
      const files = new Set(store.images.map((i) => i.file));
      const refs = [
        store.logo,
        ...store.products.flatMap((p) => p.images),
        ...(store.reviews ?? []).flatMap((r) => [
          ...(r.photos ?? []),
          ...(r.profileImage ? [r.profileImage] : []),
        ]),
      ];
      for (const page of Object.values(store.pages)) {
        const json = JSON.stringify(page);
        for (const m of json.matchAll(/\/media\/[^/]+\/([^"?]+)/g)) if (m[1]) refs.push(m[1]);
      }
      for (const ref of refs)
        expect(files.has(ref.replace(/^\/media\/[^/]+\//, "")), `${store.id}: ${ref}`).toBe(true);
    }
  });
});
