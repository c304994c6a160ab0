import { access } from "node:fs/promises";
import path from "node:path";
import { ADMIN_CATALOG_MESSAGES as CM, PRODUCT_EDIT_MESSAGES as M } from "@storefront/domain";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  HEMP,
  HEMP_STORE,
  PET_STORE,
  PETS,
  setStock,
  signedInVisitor,
} from "../../../test/fixtures.ts";
import { adminAudit, collections, variants } from "../../db/schema.ts";
import { calmChews, useProductEditorApp } from "./product-editor-test-helpers.ts";

async function photo(width: number, height: number, format: "jpeg" | "png" = "jpeg") {
  return sharp({
    create: { width, height, channels: 3, background: { r: 40, g: 120, b: 90 } },
  })
    [format]()
    .toBuffer();
}

describe("products without code: the store admin's product editor", () => {
  const { t, admin, shopper } = useProductEditorApp();

  it("creates a product that the storefront shows at once, its description sanitised, with its plan, and audits it", async () => {
    const [collection] = await t.database.db
      .select({ id: collections.id, handle: collections.handle })
      .from(collections)
      .where(eq(collections.storeId, PET_STORE))
      .limit(1);
    const res = await admin.post(
      "/api/admin/products",
      calmChews({ collectionIds: [collection?.id] }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      handle: "calm-chews",
      published: true,
      bundle: null,
      collectionIds: [collection?.id],
      variants: [{ sku: "CALM-30", stock: 12, attributes: { Size: "30 chews" } }],
      plans: [{ code: "monthly", discountPercentage: 10 }],
      images: [],
    });
    expect(created.descriptionHtml).toContain("<strong>anxious</strong>");
    expect(created.descriptionHtml).not.toMatch(/script|onerror/);

    const page = await shopper().get("/api/products/calm-chews?currency=cad");
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({
      product_title: "Calm Chews",
      meta_description: "Soft calming chews for dogs.",
      variants: [{ sku: "CALM-30", product_price: 3200, total_stock: 12 }],
      subscription_plans: [expect.objectContaining({ subscription_id: "monthly" })],
    });
    expect(page.json().description_html).not.toMatch(/script|onerror/);
    const listed = await shopper().get(`/api/collections/${collection?.handle}`);
    expect(JSON.stringify(listed.json())).toContain("calm-chews");
    // A shopper can put it in the cart, on its plan too.
    const cart = await shopper().post("/api/cart/items", {
      sku: "CALM-30",
      quantity: 1,
      subscription_id: "monthly",
    });
    expect(cart.statusCode, cart.body).toBe(200);

    const [entry] = await t.database.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.storeId, PET_STORE), eq(adminAudit.action, "product.create")));
    expect(entry?.target).toBe("product calm-chews");
  });

  it("refuses a handle or SKU another product of the store has (409), and bad fields with their names (400)", async () => {
    const sameHandle = await admin.post("/api/admin/products", calmChews());
    expect(sameHandle.statusCode).toBe(409);
    expect(sameHandle.json().error.message).toBe(M.handleTaken);
    const sameSku = await admin.post(
      "/api/admin/products",
      calmChews({
        handle: "calm-chews-two",
        variants: [{ ...calmChews().variants[0], sku: "ITCHY-1" }],
      }),
    );
    expect(sameSku.statusCode).toBe(409);
    expect(sameSku.json().error.message).toBe(M.skuTaken("ITCHY-1"));
    const bad = await admin.post(
      "/api/admin/products",
      calmChews({
        handle: "Calm Chews!",
        variants: [{ ...calmChews().variants[0], prices: [{ currency: "usd", amount: 100 }] }],
      }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain(`handle: ${M.handle}`);
    const noVariant = await admin.post(
      "/api/admin/products",
      calmChews({ handle: "x-1", variants: [] }),
    );
    expect(noVariant.json().error.message).toBe(`variants: ${M.variants}`);
    const twice = await admin.post(
      "/api/admin/products",
      calmChews({
        handle: "x-2",
        variants: [calmChews().variants[0], { ...calmChews().variants[0], sku: "calm-30" }],
      }),
    );
    expect(twice.json().error.message).toBe(`variants: ${M.skuTwice}`);
    // The same SKU in another store is that store's own business.
    const hempAdmin = (
      await signedInVisitor(t.app, t.database.db, { storeId: HEMP_STORE, userType: "admin" }, HEMP)
    ).v;
    const elsewhere = await hempAdmin.post("/api/admin/products", calmChews());
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
  });

  it("edits a product: text, a new variant, a price, the stock only as the admin saw it, and unpublishing hides it", async () => {
    const list = (await admin.get("/api/admin/products?q=calm-chews")).json();
    const id = list.products[0].id as string;
    const before = (await admin.get(`/api/admin/products/${id}`)).json();
    const [first] = before.variants;
    const edit = (overrides: Record<string, unknown>) =>
      admin.put(`/api/admin/products/${id}`, {
        ...calmChews(),
        title: "Calm Chews for Dogs",
        variants: [
          {
            id: first.id,
            sku: "CALM-30",
            attributes: { Size: "30 chews" },
            prices: [
              { currency: "usd", amount: 2200 },
              { currency: "cad", amount: 2900 },
            ],
            stock: 20,
            expectedStock: 12,
          },
          {
            sku: "CALM-60",
            attributes: { Size: "60 chews" },
            prices: [
              { currency: "usd", amount: 4000 },
              { currency: "cad", amount: 5200 },
            ],
            stock: 5,
          },
        ],
        ...overrides,
      });
    // An order took stock while the admin edited: nothing is saved.
    await setStock(t.database.db, "CALM-30", 11);
    const stale = await edit({});
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(CM.stockChanged(11));
    await setStock(t.database.db, "CALM-30", 12);
    const saved = await edit({});
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      saved.json().variants.map((v: { sku: string; stock: number }) => [v.sku, v.stock]),
    ).toEqual([
      ["CALM-30", 20],
      ["CALM-60", 5],
    ]);
    const page = (await shopper().get("/api/products/calm-chews?currency=usd")).json();
    expect(page.product_title).toBe("Calm Chews for Dogs");
    expect(
      page.variants.map((v: { sku: string; product_price: number }) => [v.sku, v.product_price]),
    ).toEqual([
      ["CALM-30", 2200],
      ["CALM-60", 4000],
    ]);
    const now = (await admin.get(`/api/admin/products/${id}`)).json();
    const hidden = await admin.put(`/api/admin/products/${id}`, {
      ...calmChews(),
      published: false,
      variants: now.variants.map(
        (v: { id: string; stock: number; sku: string; prices: unknown }) => ({
          id: v.id,
          sku: v.sku,
          prices: v.prices,
          stock: v.stock,
          expectedStock: v.stock,
        }),
      ),
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await shopper().get("/api/products/calm-chews")).statusCode).toBe(404);
  });

  it("removes a variant left out of the save, and refuses a variant of another product", async () => {
    const id = (await admin.get("/api/admin/products?q=calm-chews")).json().products[0].id;
    const now = (await admin.get(`/api/admin/products/${id}`)).json();
    const [kept] = now.variants;
    const save = await admin.put(`/api/admin/products/${id}`, {
      ...calmChews(),
      variants: [{ ...kept, expectedStock: kept.stock }],
    });
    expect(save.statusCode, save.body).toBe(200);
    expect(save.json().variants.map((v: { sku: string }) => v.sku)).toEqual(["CALM-30"]);
    const [other] = await t.database.db
      .select({ id: variants.id })
      .from(variants)
      .where(and(eq(variants.storeId, PET_STORE), eq(variants.sku, "ITCHY-1")));
    const stolen = await admin.put(`/api/admin/products/${id}`, {
      ...calmChews(),
      variants: [
        { ...kept, expectedStock: kept.stock },
        { ...kept, id: other?.id, sku: "NEW-1", expectedStock: 0 },
      ],
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error.message).toBe(M.notTheProductsVariant);
  });

  it("lets no one but the store's admins create or edit, and no admin another store's products", async () => {
    const id = (await admin.get("/api/admin/products?q=calm-chews")).json().products[0].id;
    const signedOut = await shopper().post("/api/admin/products", calmChews({ handle: "x-3" }));
    expect(signedOut.statusCode).toBe(401);
    const customer = (await signedInVisitor(t.app, t.database.db, { storeId: PET_STORE }, PETS)).v;
    // A customer is answered as if the admin's paths did not exist.
    expect((await customer.put(`/api/admin/products/${id}`, calmChews())).statusCode).toBe(404);
    const hempAdmin = (
      await signedInVisitor(t.app, t.database.db, { storeId: HEMP_STORE, userType: "admin" }, HEMP)
    ).v;
    const across = await hempAdmin.put(`/api/admin/products/${id}`, calmChews());
    expect(across.statusCode).toBe(404);
    expect((await hempAdmin.get(`/api/admin/products/${id}`)).statusCode).toBe(404);
    const image = await hempAdmin.request(
      "POST",
      `/api/admin/products/${id}/images?alt=x`,
      await photo(600, 600),
      { "content-type": "image/jpeg" },
    );
    expect(image.statusCode).toBe(404);
  });

  it("uploads an image kept as sent, made in the storefront's sizes, shown on the product page; refuses a wrong type, a fake or a small one", async () => {
    const id = (await admin.get("/api/admin/products?q=calm-chews")).json().products[0].id;
    const upload = (body: Buffer | string, type: string, alt = "A bag of calm chews") =>
      admin.request(
        "POST",
        `/api/admin/products/${id}/images?alt=${encodeURIComponent(alt)}`,
        body,
        { "content-type": type },
      );
    const original = await photo(1200, 900);
    const res = await upload(original, "image/jpeg");
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json();
    expect(image).toMatchObject({ alt: "A bag of calm chews", width: 1200, height: 900 });
    expect(image.url).toMatch(new RegExp(`^/media/${PET_STORE}/products/[0-9a-f-]+\\.jpg$`));
    const kept = await shopper().get(image.url);
    expect(kept.statusCode).toBe(200);
    expect(kept.rawPayload.equals(original)).toBe(true);
    // The storefront's sizes were made before the answer.
    const file = image.url.slice("/media/".length);
    await access(path.join(t.app.config.mediaDir, file.replace(/\.jpg$/, "_728.webp")));
    const sized = await shopper().request("GET", `${image.url}?w=480&shape=square`, undefined, {
      accept: "image/avif,image/webp",
    });
    expect(sized.statusCode).toBe(200);
    expect(sized.headers["content-type"]).toBe("image/avif");
    const page = (await shopper().get("/api/products/calm-chews")).json();
    expect(JSON.stringify(page)).toContain(image.url);

    const gif = await upload(Buffer.from("GIF89a"), "image/gif");
    expect(gif.statusCode).toBe(400);
    expect(gif.json().error.message).toBe(M.imageType);
    const fake = await upload(await photo(600, 600, "png"), "image/jpeg");
    expect(fake.json().error.message).toBe(M.imageType);
    const small = await upload(await photo(300, 600), "image/jpeg");
    expect(small.json().error.message).toBe(M.imageSmall);
    const big = await upload(Buffer.alloc(10 * 1024 * 1024 + 10, 1), "image/jpeg");
    expect(big.statusCode).toBe(400);
    expect(big.json().error.message).toBe(M.imageBytes);

    const removed = await admin.delete(`/api/admin/products/${id}/images/${image.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await admin.get(`/api/admin/products/${id}`)).json().images).toEqual([]);
    expect((await admin.delete(`/api/admin/products/${id}/images/${image.id}`)).statusCode).toBe(
      404,
    );
  });
});
