import { ADMIN_CATALOG_MESSAGES as M } from "@storefront/domain";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  HEMP_STORE,
  PET_STORE,
  PETS,
  placeOrder,
  setStock,
  signedInAdmin,
  signedInVisitor,
  stockOf,
  uniqueEmail,
  visitorWithOwnIp,
} from "../../../test/fixtures.ts";
import { useTestApp } from "../../../test/helper.ts";
import { adminAudit, products, variants } from "../../db/schema.ts";

describe("admin catalogue API", () => {
  const t = useTestApp();

  const admin = signedInAdmin(t);
  async function variantId(sku: string, storeId = PET_STORE): Promise<string> {
    const [row] = await t.database.db
      .select({ id: variants.id })
      .from(variants)
      .where(and(eq(variants.storeId, storeId), eq(variants.sku, sku)));
    if (!row) throw new Error(`no variant ${sku}`);
    return row.id;
  }
  /** The product's price in USD as a shopper's product page reads it. */
  async function shownPrice(handle: string, sku: string): Promise<number | undefined> {
    const res = await visitorWithOwnIp(t.app, PETS).get(`/api/products/${handle}`);
    const product = res.json() as { variants: { sku: string; product_price: number }[] };
    return product.variants.find((v) => v.sku === sku)?.product_price;
  }

  it("lists products with each variant's stock and prices, searched by SKU, and the low-stock list", async () => {
    const v = await admin();
    const found = (await v.get("/api/admin/products?q=ITCHY-2")).json();
    expect(found.total).toBe(1);
    expect(found.products[0]).toMatchObject({
      handle: "itchy-scratchy",
      published: true,
      variants: expect.arrayContaining([
        expect.objectContaining({
          sku: "ITCHY-2",
          stock: expect.any(Number),
          bundle: false,
          prices: expect.arrayContaining([{ currency: "usd", amount: expect.any(Number) }]),
        }),
      ]),
    });
    await setStock(t.database.db, "PEEPEE-2", 3);
    const low = (await v.get("/api/admin/products?lowStock=1")).json();
    expect(low.products.map((p: { handle: string }) => p.handle)).toContain("pee-pee-issues");
    for (const product of low.products as { variants: { stock: number; bundle: boolean }[] }[]) {
      expect(product.variants.some((x) => !x.bundle && x.stock <= 5)).toBe(true);
    }
    // Another store's products are never listed.
    const all = (await v.get("/api/admin/products?q=hemp")).json();
    expect(all.total).toBe(0);
  });

  it("changes a price, which the storefront shows, and audits it with before and after", async () => {
    const v = await admin();
    const id = await variantId("CANTPOO-1");
    const res = await v.patch(`/api/admin/variants/${id}`, {
      prices: [{ currency: "usd", amount: 2222 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().prices).toContainEqual({ currency: "usd", amount: 2222 });
    await expect.poll(() => shownPrice("cant-poo-poo", "CANTPOO-1")).toBe(2222);
    const [line] = await t.database.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.storeId, PET_STORE), eq(adminAudit.target, "variant CANTPOO-1")));
    expect(line).toMatchObject({ action: "variant.update" });
    expect(line?.after).toMatchObject({
      prices: expect.arrayContaining([{ currency: "usd", amount: 2222 }]),
    });
    expect(line?.before).toMatchObject({ prices: expect.any(Array), stock: expect.any(Number) });
  });

  it("changes stock only if it is still what the admin saw: a sale in between is a 409, never undone", async () => {
    const v = await admin();
    await setStock(t.database.db, "OUCHIE-1", 10);
    const id = await variantId("OUCHIE-1");
    // The admin read 10; a shopper buys 2 before the admin saves 25.
    await placeOrder(t.app, { "OUCHIE-1": 2 }, uniqueEmail("admin-stock"));
    const stale = await v.patch(`/api/admin/variants/${id}`, {
      stock: { expected: 10, value: 25 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(M.stockChanged(8));
    expect(await stockOf(t.database.db, "OUCHIE-1")).toBe(8);
    const saved = await v.patch(`/api/admin/variants/${id}`, { stock: { expected: 8, value: 25 } });
    expect(saved.json()).toMatchObject({ sku: "OUCHIE-1", stock: 25 });
    expect(await stockOf(t.database.db, "OUCHIE-1")).toBe(25);
  });

  it("refuses bad input with what is wrong, a bundle's stock, and another store's variant", async () => {
    const v = await admin();
    const id = await variantId("OUCHIE-2");
    for (const [body, message] of [
      [{}, M.nothingToChange],
      [{ prices: [{ currency: "usd", amount: -1 }] }, M.price],
      [{ prices: [{ currency: "usd", amount: 10.5 }] }, M.price],
      [{ stock: { expected: 1, value: -3 } }, M.stock],
      [
        {
          prices: [
            { currency: "usd", amount: 1 },
            { currency: "usd", amount: 2 },
          ],
        },
        M.duplicateCurrency,
      ],
    ] as const) {
      const res = await v.patch(`/api/admin/variants/${id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toContain(message);
    }
    const bundle = await variantId("CALM-DUO");
    const refused = await v.patch(`/api/admin/variants/${bundle}`, {
      stock: { expected: 0, value: 5 },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(M.bundleStock);
    const hemp = await variantId("HEMPOIL-1", HEMP_STORE);
    const other = await v.patch(`/api/admin/variants/${hemp}`, {
      prices: [{ currency: "usd", amount: 1 }],
    });
    expect(other.statusCode).toBe(404);
  });

  it("hides a product from the storefront and its search, and publishes it again", async () => {
    const v = await admin();
    const [product] = await t.database.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.storeId, PET_STORE), eq(products.handle, "poo-poo-problems")));
    const hidden = await v.patch(`/api/admin/products/${product?.id}`, { published: false });
    expect(hidden.statusCode, hidden.body).toBe(200);
    await expect
      .poll(
        async () =>
          (await visitorWithOwnIp(t.app, PETS).get("/api/products/poo-poo-problems")).statusCode,
      )
      .toBe(404);
    const listed = (await v.get("/api/admin/products?q=poo-poo-problems")).json();
    expect(listed.products[0]).toMatchObject({ published: false });
    await v.patch(`/api/admin/products/${product?.id}`, { published: true });
    await expect
      .poll(
        async () =>
          (await visitorWithOwnIp(t.app, PETS).get("/api/products/poo-poo-problems")).statusCode,
      )
      .toBe(200);
  });

  it("answers 401 to a visitor and the 404 of a missing route to a shopper", async () => {
    const id = await variantId("EAT-1");
    const shopper = (await signedInVisitor(t.app, t.database.db, { storeId: PET_STORE })).v;
    const visitor = visitorWithOwnIp(t.app, PETS);
    for (const [method, path] of [
      ["GET", "/api/admin/products"],
      ["PATCH", `/api/admin/variants/${id}`],
    ] as const) {
      const body = method === "PATCH" ? { prices: [{ currency: "usd", amount: 1 }] } : undefined;
      expect((await visitor.request(method, path, body)).statusCode).toBe(401);
      expect((await shopper.request(method, path, body)).statusCode).toBe(404);
    }
    expect(await shownPrice("eat", "EAT-1")).not.toBe(1);
  });
});
