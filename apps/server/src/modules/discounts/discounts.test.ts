import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { HEMP, PET_STORE, PETS, priceOf } from "../../../test/fixtures.ts";
import { useTestApp } from "../../../test/helper.ts";
import { Visitor } from "../../../test/visitor.ts";
import { discountCodes } from "../../db/schema.ts";

describe("discount codes", () => {
  const t = useTestApp();

  const visitor = (host = PETS, headers: Record<string, string> = {}) =>
    new Visitor(t.app, host, headers);
  const canadian = () => visitor(PETS, { "accept-language": "en-CA" });

  async function addCode(values: Partial<typeof discountCodes.$inferInsert> & { code: string }) {
    await t.database.db
      .insert(discountCodes)
      .values({ storeId: PET_STORE, maxRedemptions: 10, ...values });
  }

  it("WELCOME15 takes 15% off, at most $20.00", async () => {
    const v = visitor();
    await v.post("/api/cart/items", { sku: "ITCHY-1", quantity: 1 });
    const price = await priceOf(t.database.db, "ITCHY-1", "usd");
    expect(price).toBe(3_995);
    const res = await v.put("/api/cart/discount", { code: "WELCOME15" });
    expect(res.statusCode).toBe(200);
    // 15% of $39.95 is $5.9925, rounded to the cent.
    expect(res.json()).toMatchObject({
      subtotal: 3_995,
      discount: 599,
      totalCost: 3_396,
      freeShippingRemaining: 14_900 - 3_396,
      activeDiscount: {
        code: "welcome15",
        discount_percentage: 15,
        discount_amount: null,
        max_redeemable_amount: 2_000,
        max_redemptions: 1_000,
      },
    });
    // 15% of 5 × $39.95 = $29.96, capped at $20.00.
    const more = await v.patch("/api/cart/items/ITCHY-1", { quantity: 5 });
    expect(more.json()).toMatchObject({
      subtotal: 19_975,
      discount: 2_000,
      totalCost: 17_975,
      freeShippingRemaining: 0,
    });
  });

  it("in CAD, WELCOME15 is capped at CA$27.00 and SAVE10 takes CA$13.00", async () => {
    const v = canadian();
    await v.post("/api/cart/items", { sku: "ITCHY-2", quantity: 3 });
    const price = await priceOf(t.database.db, "ITCHY-2", "cad");
    const welcome = await v.put("/api/cart/discount", { code: "welcome15" });
    expect(welcome.json()).toMatchObject({
      currency: "cad",
      subtotal: 3 * price,
      discount: 2_700,
      totalCost: 3 * price - 2_700,
      freeShippingRemaining: null,
      activeDiscount: { max_redeemable_amount: 2_700 },
    });
    const save = await v.put("/api/cart/discount", { code: "SAVE10" });
    expect(save.json()).toMatchObject({
      discount: 1_300,
      totalCost: 3 * price - 1_300,
      activeDiscount: { code: "save10", discount_percentage: null, discount_amount: 1_300 },
    });
  });

  it("SAVE10 takes $10.00 off, and follows the cart into CAD", async () => {
    const v = visitor();
    await v.post("/api/cart/items", { sku: "EAT-1", quantity: 2 });
    const res = await v.put("/api/cart/discount", { code: "SAVE10" });
    const usd = 2 * (await priceOf(t.database.db, "EAT-1", "usd"));
    expect(res.json()).toMatchObject({ subtotal: usd, discount: 1_000, totalCost: usd - 1_000 });
    const cad = await v.put("/api/cart/currency", { currency: "cad" });
    const cadSubtotal = 2 * (await priceOf(t.database.db, "EAT-1", "cad"));
    expect(cad.json()).toMatchObject({
      subtotal: cadSubtotal,
      discount: 1_300,
      totalCost: cadSubtotal - 1_300,
    });
  });

  it("accepts a code in any case, with spaces around it", async () => {
    for (const code of ["save10", "Save10", "  SAVE10 "]) {
      const v = visitor();
      await v.post("/api/cart/items", { sku: "EAT-1", quantity: 1 });
      const res = await v.put("/api/cart/discount", { code });
      expect(res.statusCode, code).toBe(200);
      expect(res.json().discount).toBe(1_000);
    }
  });

  it("refuses SPRING50, which is used up, with 409 and keeps the code already applied", async () => {
    const v = visitor();
    await v.post("/api/cart/items", { sku: "EAT-1", quantity: 1 });
    await v.put("/api/cart/discount", { code: "SAVE10" });
    const res = await v.put("/api/cart/discount", { code: "spring50" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: { code: "conflict", message: "This discount code has reached its redemption limit" },
    });
    expect((await v.get("/api/cart")).json().activeDiscount.code).toBe("save10");
  });

  it("answers 404 for an unknown, inactive or other store's code", async () => {
    await addCode({ code: "retired", discountPercentage: 20, active: false });
    const v = visitor();
    await v.post("/api/cart/items", { sku: "EAT-1", quantity: 1 });
    for (const code of ["NOPE", "RETIRED", "HEMP10"]) {
      const res = await v.put("/api/cart/discount", { code });
      expect(res.statusCode, code).toBe(404);
      expect(res.json()).toEqual({
        error: { code: "not_found", message: "Discount code not found" },
      });
    }
    const hemp = visitor(HEMP);
    await hemp.post("/api/cart/items", { sku: "HEMPOIL-1", quantity: 1 });
    expect((await hemp.put("/api/cart/discount", { code: "WELCOME15" })).statusCode).toBe(404);
    expect((await hemp.put("/api/cart/discount", { code: "hemp10" })).statusCode).toBe(200);
  });

  it("removes the code and restores the total", async () => {
    const v = visitor();
    await v.post("/api/cart/items", { sku: "EAT-1", quantity: 1 });
    await v.put("/api/cart/discount", { code: "SAVE10" });
    const res = await v.delete("/api/cart/discount");
    expect(res.statusCode).toBe(200);
    expect(res.json().activeDiscount).toBeNull();
    expect(res.json().discount).toBe(0);
    expect(res.json().totalCost).toBe(res.json().subtotal);
  });

  it("never takes the total below zero", async () => {
    await addCode({ code: "huge", amounts: { usd: 1_000_000, cad: 1_000_000 } });
    const v = visitor();
    await v.post("/api/cart/items", { sku: "EAT-1", quantity: 1 });
    const res = await v.put("/api/cart/discount", { code: "HUGE" });
    expect(res.json().discount).toBe(res.json().subtotal);
    expect(res.json().totalCost).toBe(0);
  });

  it("applies a code before anything is in the cart, opening one", async () => {
    const v = visitor();
    const res = await v.put("/api/cart/discount", { code: "WELCOME15" });
    expect(res.statusCode).toBe(200);
    expect(v.cookies.get("sf_session")).toBeDefined();
    expect(res.json()).toMatchObject({ subtotal: 0, discount: 0, status: "active" });
    const added = await v.post("/api/cart/items", { sku: "ITCHY-1", quantity: 1 });
    expect(added.json().discount).toBe(599);
  });

  it("refuses a fixed-amount code that has no amount in the cart's currency", async () => {
    await addCode({ code: "usonly", amounts: { usd: 500 } });
    const v = canadian();
    await v.post("/api/cart/items", { sku: "EAT-1", quantity: 1 });
    const res = await v.put("/api/cart/discount", { code: "USONLY" });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe("This discount code cannot be used with CAD prices");
  });

  it("stops taking anything off once a code's redemptions run out", async () => {
    await addCode({ code: "lastone", discountPercentage: 10, maxRedemptions: 1 });
    const v = visitor();
    await v.post("/api/cart/items", { sku: "EAT-1", quantity: 1 });
    expect(
      (await v.put("/api/cart/discount", { code: "LASTONE" })).json().discount,
    ).toBeGreaterThan(0);
    // Someone else's paid order uses the last redemption.
    await t.database.db
      .update(discountCodes)
      .set({ redemptions: 1 })
      .where(and(eq(discountCodes.storeId, PET_STORE), eq(discountCodes.code, "lastone")));
    const res = await v.get("/api/cart");
    expect(res.json()).toMatchObject({
      discount: 0,
      activeDiscount: { code: "lastone", max_redemptions: 0 },
    });
    expect(res.json().totalCost).toBe(res.json().subtotal);
  });
});
