import { randomUUID } from "node:crypto";
import { BUNDLE_MESSAGES, CART_MESSAGES, STOCK_MESSAGE } from "@storefront/domain";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  DEMO,
  expectError,
  fillBundle,
  HEMP,
  outboxTo,
  PET_STORE,
  PETS,
  payCart,
  quotedCart,
  setStock,
  signIn,
  stockOf,
  visitorWithOwnIp,
} from "../../../test/fixtures.ts";
import { useTestApp } from "../../../test/helper.ts";
import { sessionIdOf, type Visitor } from "../../../test/visitor.ts";
import { cartLines, variantPrices, variants } from "../../db/schema.ts";

// The demo pet store's Calm & Comfort Duo: any 2 of No More Drama, Ouchie and Forever Young (one
// bottle each) for $74.95 / CA$100.95; the Complete Care Trio: any 3 single bottles for $94.95.
const DUO = { bundle_id: "calm-comfort-duo", sku: "CALM-DUO", usd: 7_495, cad: 10_095 };
const DUO_CHOICES = ["DRAMA-1", "OUCHIE-1", "YOUNG-1"];

describe("bundles", () => {
  const t = useTestApp();

  const shopper = (host = PETS) => visitorWithOwnIp(t.app, host);
  const addDuo = (v: Visitor, skus: string[], quantity = 1) =>
    fillBundle(v, DUO.bundle_id, skus, quantity);

  it("offers a bundle on its product page: its price, its slots and the variants that may fill them", async () => {
    const res = await shopper().get(`/api/products/${DUO.bundle_id}`);
    expect(res.statusCode, res.body).toBe(200);
    const product = res.json();
    expect(product.product_price).toBe(DUO.usd);
    expect(product.variants.map((v: { sku: string }) => v.sku)).toEqual([DUO.sku]);
    expect(product.bundle.slots).toBe(2);
    expect(product.bundle.choices.map((c: { sku: string }) => c.sku)).toEqual(DUO_CHOICES);
    expect(product.bundle.choices[0]).toMatchObject({
      handle: "no-more-drama",
      price: 4_295,
      total_stock: expect.any(Number),
    });
    // A plain product has none.
    expect((await shopper().get("/api/products/ouchie")).json().bundle).toBeNull();
    // The bundle is in the store's list, in stock while its choices are.
    const list = (await shopper().get("/api/products")).json().products;
    expect(list).toContainEqual(
      expect.objectContaining({ handle: DUO.bundle_id, product_price: DUO.usd, in_stock: true }),
    );
  });

  it("adds a filled bundle at its price; the same skus in any order are one line, other skus another", async () => {
    const v = shopper();
    let res = await addDuo(v, ["OUCHIE-1", "DRAMA-1"]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().cartItems).toEqual([
      expect.objectContaining({
        sku: DUO.sku,
        bundle_id: DUO.bundle_id,
        skus_selected: ["DRAMA-1", "OUCHIE-1"],
        product_price: DUO.usd,
        line_total: DUO.usd,
        quantity: 1,
        subscription: null,
        contents: [
          expect.objectContaining({
            sku: "DRAMA-1",
            quantity: 1,
            title: expect.stringMatching(/^No More Drama/),
          }),
          expect.objectContaining({ sku: "OUCHIE-1", quantity: 1 }),
        ],
      }),
    ]);
    res = await addDuo(v, ["DRAMA-1", "OUCHIE-1"], 2);
    expect(res.json().cartItems).toHaveLength(1);
    expect(res.json().cartItems[0].quantity).toBe(3);
    res = await addDuo(v, ["YOUNG-1", "YOUNG-1"]);
    const lines = res.json().cartItems;
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({
      skus_selected: ["YOUNG-1", "YOUNG-1"],
      contents: [expect.objectContaining({ sku: "YOUNG-1", quantity: 2 })],
    });
    expect(res.json().subtotal).toBe(4 * DUO.usd);
    // A plain line of a chosen variant is its own line beside the bundles.
    res = await v.post("/api/cart/items", { sku: "DRAMA-1", quantity: 1 });
    expect(res.json().cartItems).toHaveLength(3);
    expect(res.json().itemCount).toBe(5);
  });

  it("refuses a bundle filled wrongly, or named wrongly, with a message that says what is wrong", async () => {
    const v = shopper();
    expectError(await addDuo(v, ["DRAMA-1"]), 400, "invalid", BUNDLE_MESSAGES.fill(2));
    expectError(
      await addDuo(v, ["DRAMA-1", "OUCHIE-1", "YOUNG-1"]),
      400,
      "invalid",
      BUNDLE_MESSAGES.fill(2),
    );
    expectError(
      await addDuo(v, ["DRAMA-1", "ITCHY-1"]),
      400,
      "invalid",
      BUNDLE_MESSAGES.notAChoice("ITCHY-1"),
    );
    expectError(
      await v.post("/api/cart/items", {
        bundle_id: "ouchie",
        skus_selected: ["OUCHIE-1", "OUCHIE-1"],
        quantity: 1,
      }),
      404,
      "not_found",
      BUNDLE_MESSAGES.notFound,
    );
    // Another store's bundle is not this store's.
    expectError(
      await v.post("/api/cart/items", {
        bundle_id: "hemp-wellness-pair",
        skus_selected: ["CHEWS-1", "OMEGA-1"],
        quantity: 1,
      }),
      404,
      "not_found",
      BUNDLE_MESSAGES.notFound,
    );
    // The bundle's own sku alone says what is missing.
    expectError(
      await v.post("/api/cart/items", { sku: DUO.sku, quantity: 1 }),
      400,
      "invalid",
      BUNDLE_MESSAGES.fill(2),
    );
    const both = await v.post("/api/cart/items", {
      sku: "DRAMA-1",
      bundle_id: DUO.bundle_id,
      skus_selected: DUO_CHOICES.slice(0, 2),
      quantity: 1,
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().error.message).toContain(BUNDLE_MESSAGES.skuOrBundle);
    const noSkus = await v.post("/api/cart/items", { bundle_id: DUO.bundle_id, quantity: 1 });
    expect(noSkus.statusCode).toBe(400);
    const subscribed = await v.post("/api/cart/items", {
      bundle_id: DUO.bundle_id,
      skus_selected: ["DRAMA-1", "OUCHIE-1"],
      subscription_id: "monthly",
      quantity: 1,
    });
    expect(subscribed.statusCode).toBe(400);
    expect(subscribed.json().error.message).toContain(BUNDLE_MESSAGES.noSubscription);
    // A comma would make two selections read alike: no sku has one.
    expectError(
      await addDuo(v, ["DRAMA-1,OUCHIE-1", "YOUNG-1"]),
      400,
      "invalid",
      "skus_selected.0: sku must not contain a comma",
    );
    expect((await v.get("/api/cart")).json().cartItems).toEqual([]);
  });

  it("does not sell in a bundle what the store does not sell in the cart's currency", async () => {
    const [young] = await t.database.db
      .select({ id: variants.id })
      .from(variants)
      .where(and(eq(variants.storeId, PET_STORE), eq(variants.sku, "YOUNG-1")));
    const cadPrice = and(
      eq(variantPrices.variantId, young?.id ?? ""),
      eq(variantPrices.currency, "cad"),
    );
    const [saved] = await t.database.db.delete(variantPrices).where(cadPrice).returning();
    try {
      const v = shopper();
      await v.put("/api/cart/currency", { currency: "cad" });
      expect((await v.post("/api/cart/items", { sku: "EAT-1", quantity: 1 })).statusCode).toBe(200);
      expect((await v.put("/api/cart/currency", { currency: "cad" })).statusCode).toBe(200);
      const res = await addDuo(v, ["YOUNG-1", "DRAMA-1"]);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.message).toMatch(
        /^Forever Young.*\(YOUNG-1\) is not available in CAD$/,
      );
      expect((await addDuo(v, ["OUCHIE-1", "DRAMA-1"])).statusCode).toBe(200);
    } finally {
      if (saved) await t.database.db.insert(variantPrices).values(saved);
    }
  });

  it("refuses to order a bundle one of whose chosen variants is gone, and shows it out of stock", async () => {
    const v = shopper();
    await addDuo(v, ["DRAMA-1", "OUCHIE-1"]);
    // A chosen variant deleted since (the selection has no foreign key): stands for any.
    await t.database.db
      .update(cartLines)
      .set({ selection: sql`jsonb_build_array(${randomUUID()}::text, selection->>0)` })
      .where(sql`jsonb_array_length(${cartLines.selection}) = 2 and ${cartLines.cartId} in (
        select id from carts where session_id = ${sessionIdOf(v) ?? ""})`);
    const line = (await v.get("/api/cart")).json().cartItems[0];
    expect(line.total_stock).toBe(0);
    const res = await payCart(v, "gone@example.com", await quotedCart(v));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toMatchObject({
      code: "out_of_stock",
      message: expect.stringMatching(/Calm & Comfort Duo.* is out of stock$/),
    });
  });

  it("changes and removes a bundle line named by its sku and ?skus_selected= in any order; at most 19", async () => {
    const v = shopper();
    await addDuo(v, ["DRAMA-1", "YOUNG-1"]);
    const path = `/api/cart/items/${DUO.sku}?skus_selected=YOUNG-1,DRAMA-1`;
    let res = await v.patch(path, { quantity: 4 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().cartItems[0].quantity).toBe(4);
    expect(res.json().subtotal).toBe(4 * DUO.usd);
    expectError(
      await v.patch(path, { quantity: 20 }),
      400,
      "invalid",
      CART_MESSAGES.invalidQuantity,
    );
    // Without its selection, the bundle's sku names no line.
    expectError(
      await v.patch(`/api/cart/items/${DUO.sku}`, { quantity: 2 }),
      404,
      "not_found",
      CART_MESSAGES.lineNotFound,
    );
    expectError(
      await v.delete(`/api/cart/items/${DUO.sku}?skus_selected=DRAMA-1,OUCHIE-1`),
      404,
      "not_found",
      CART_MESSAGES.lineNotFound,
    );
    res = await v.delete(path);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().cartItems).toEqual([]);
  });

  it("shares a variant's last units between bundles and plain lines: never more than its stock", async () => {
    await setStock(t.database.db, "OUCHIE-1", 3);
    try {
      const v = shopper();
      let res = await addDuo(v, ["OUCHIE-1", "OUCHIE-1"]);
      expect(res.statusCode, res.body).toBe(200);
      // One Ouchie is left for the rest of the cart: the bundle line can have no second one.
      expect(res.json().cartItems[0].total_stock).toBe(1);
      expectError(await addDuo(v, ["OUCHIE-1", "OUCHIE-1"]), 409, "out_of_stock", STOCK_MESSAGE);
      expectError(
        await v.post("/api/cart/items", { sku: "OUCHIE-1", quantity: 2 }),
        409,
        "out_of_stock",
        STOCK_MESSAGE,
      );
      res = await addDuo(v, ["OUCHIE-1", "DRAMA-1"]);
      expect(res.statusCode, res.body).toBe(200);
      expectError(
        await v.post("/api/cart/items", { sku: "OUCHIE-1", quantity: 1 }),
        409,
        "out_of_stock",
        STOCK_MESSAGE,
      );
      expectError(
        await v.patch(`/api/cart/items/${DUO.sku}?skus_selected=DRAMA-1,OUCHIE-1`, {
          quantity: 2,
        }),
        409,
        "out_of_stock",
        STOCK_MESSAGE,
      );
    } finally {
      await setStock(t.database.db, "OUCHIE-1", 120);
    }
  });

  it("replaces the cart with bundles from metrics/cart-items and prices them in the cart's currency", async () => {
    const v = shopper();
    let res = await v.post("/metrics/cart-items", {
      cartItems: [
        { sku: "EAT-1", quantity: 1 },
        {
          sku: DUO.sku,
          bundle_id: DUO.bundle_id,
          skus_selected: ["YOUNG-1", "DRAMA-1"],
          quantity: 2,
          price: 1,
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().cartItems[1]).toMatchObject({
      sku: DUO.sku,
      skus_selected: ["DRAMA-1", "YOUNG-1"],
      quantity: 2,
      product_price: DUO.usd,
    });
    res = await v.put("/api/cart/currency", { currency: "cad" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().cartItems[1].product_price).toBe(DUO.cad);
    const wrong = await v.post("/metrics/cart-items", {
      cartItems: [
        { sku: DUO.sku, bundle_id: DUO.bundle_id, skus_selected: ["DRAMA-1"], quantity: 1 },
      ],
    });
    expectError(wrong, 400, "invalid", BUNDLE_MESSAGES.fill(2));
  });

  it("takes a discount off the bundle's price, and the order takes every contained variant's stock", async () => {
    const v = shopper();
    await addDuo(v, ["OUCHIE-1", "DRAMA-1"]);
    const code = await v.put("/api/cart/discount", { code: "WELCOME15" });
    expect(code.statusCode, code.body).toBe(200);
    expect(code.json().discount).toBe(Math.round((DUO.usd * 15) / 100));
    await addDuo(v, ["DRAMA-1", "OUCHIE-1"]);
    await v.post("/api/cart/items", { sku: "DRAMA-1", quantity: 1 });
    const before = {
      drama: await stockOf(t.database.db, "DRAMA-1"),
      ouchie: await stockOf(t.database.db, "OUCHIE-1"),
      duo: await stockOf(t.database.db, DUO.sku),
    };
    const email = `bundle-${randomUUID()}@example.com`;
    const paid = await payCart(v, email, await quotedCart(v));
    expect(paid.statusCode, paid.body).toBe(200);
    const { order } = paid.json();
    expect(order.lines[0]).toMatchObject({
      sku: DUO.sku,
      quantity: 2,
      unitPrice: DUO.usd,
      contents: [
        expect.objectContaining({ sku: "DRAMA-1", quantity: 1 }),
        expect.objectContaining({ sku: "OUCHIE-1", quantity: 1 }),
      ],
    });
    expect(order.lines[1]).toMatchObject({ sku: "DRAMA-1", contents: null });
    expect(await stockOf(t.database.db, "DRAMA-1")).toBe(before.drama - 3);
    expect(await stockOf(t.database.db, "OUCHIE-1")).toBe(before.ouchie - 2);
    expect(await stockOf(t.database.db, DUO.sku)).toBe(before.duo);
    expect((await v.get("/api/cart")).json().cartItems).toEqual([]);

    await t.app.background.idle();
    const [mail] = (await outboxTo(t.database.db, email)).filter((m) =>
      m.subject.includes(`#${order.number}`),
    );
    expect(mail?.text).toMatch(/2 × Calm & Comfort Duo[^\n]*: No More Drama[^\n]* \+ Ouchie/);
  });

  it("refuses the order when a contained variant sold out after the bundle was added, and takes nothing", async () => {
    const v = shopper();
    await addDuo(v, ["YOUNG-1", "DRAMA-1"]);
    const quoted = await quotedCart(v);
    const drama = await stockOf(t.database.db, "DRAMA-1");
    await setStock(t.database.db, "YOUNG-1", 0);
    try {
      const res = await payCart(v, "late@example.com", quoted);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({
        code: "out_of_stock",
        message: expect.stringMatching(/Forever Young.* is out of stock$/),
      });
      expect(await stockOf(t.database.db, "DRAMA-1")).toBe(drama);
    } finally {
      await setStock(t.database.db, "YOUNG-1", 50);
    }
  });

  it("brings a guest's bundle into the account's cart on sign-in, joining the same bundle line", async () => {
    const v = shopper();
    await addDuo(v, ["DRAMA-1", "YOUNG-1"]);
    const signedIn = await signIn(v, DEMO.email, DEMO.password);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const cart = (await v.get("/api/cart")).json();
    const line = cart.cartItems.find((l: { sku: string }) => l.sku === DUO.sku);
    expect(line).toMatchObject({ skus_selected: ["DRAMA-1", "YOUNG-1"], quantity: 1 });
    await v.delete(`/api/cart/items/${DUO.sku}?skus_selected=DRAMA-1,YOUNG-1`);
  });

  describe("the hemp store", () => {
    it("sells its own bundle", async () => {
      const v = shopper(HEMP);
      const res = await v.post("/api/cart/items", {
        bundle_id: "hemp-wellness-pair",
        skus_selected: ["CHEWS-1", "OMEGA-1"],
        quantity: 1,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().cartItems[0]).toMatchObject({ sku: "HEMP-PAIR", product_price: 5_995 });
    });
  });
});
