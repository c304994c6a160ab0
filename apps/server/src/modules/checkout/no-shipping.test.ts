import { randomUUID } from "node:crypto";
import { CHECKOUT_MESSAGES, ONE_AT_A_TIME_MESSAGES } from "@storefront/domain";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  GARDEN,
  GARDEN_STORE,
  GOOD_CARD,
  NY_ADDRESS,
  outboxTo,
  PET_STORE,
  PETS,
  quoteAddress,
  stockOf,
} from "../../../test/fixtures.ts";
import { useTestApp } from "../../../test/helper.ts";
import { Visitor } from "../../../test/visitor.ts";
import { variants } from "../../db/schema.ts";
import { TestCardProcessor } from "../payments/test-processor.ts";

/** What tax needs of a New York buyer, and nothing else: no street, no city. */
const NY_TAX_ONLY = quoteAddress(NY_ADDRESS);

describe("products that are never shipped", () => {
  const t = useTestApp({}, { testProcessor: new TestCardProcessor() });

  async function gardenShopper(sku = "PLAN-SPRING"): Promise<Visitor> {
    const v = new Visitor(t.app, GARDEN);
    const res = await v.post("/api/cart/items", { sku, quantity: 1 });
    expect(res.statusCode, res.body).toBe(200);
    return v;
  }

  /** POST /api/checkout with the test card, a new Idempotency-Key and the given fields. */
  function pay(v: Visitor, fields: Record<string, unknown>) {
    return v.post(
      "/api/checkout",
      { ...fields, card: GOOD_CARD },
      { "idempotency-key": randomUUID() },
    );
  }

  it("the product API says a digital plan is not shipped and a remedy is", async () => {
    const plan = await new Visitor(t.app, GARDEN).get("/api/products/seasonal-planting-plan");
    expect(
      plan.json().variants.map((v: { requires_shipping: boolean }) => v.requires_shipping),
    ).toEqual([false, false]);
    const remedy = await new Visitor(t.app, PETS).get("/api/products/itchy-scratchy");
    expect(remedy.json().variants[0].requires_shipping).toBe(true);
  });

  it("a cart holds one of a plan: a second add and a quantity of 2 are refused with the reason", async () => {
    const v = await gardenShopper();
    const cart = (await v.get("/api/cart")).json();
    expect(cart.cartItems[0]).toMatchObject({ sku: "PLAN-SPRING", requires_shipping: false });
    // No shipping to make free.
    expect(cart.freeShippingRemaining).toBeNull();

    const again = await v.post("/api/cart/items", { sku: "PLAN-SPRING", quantity: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      ONE_AT_A_TIME_MESSAGES.inCart("Seasonal Planting Plan"),
    );

    const two = await v.patch("/api/cart/items/PLAN-SPRING", { quantity: 2 });
    expect(two.statusCode).toBe(400);
    expect(two.json().error.message).toBe(ONE_AT_A_TIME_MESSAGES.tooMany("Seasonal Planting Plan"));

    const fresh = new Visitor(t.app, GARDEN);
    const many = await fresh.post("/api/cart/items", { sku: "PLAN-FALL", quantity: 3 });
    expect(many.statusCode).toBe(400);
    expect(many.json().error.message).toBe(
      ONE_AT_A_TIME_MESSAGES.tooMany("Seasonal Planting Plan"),
    );
  });

  it("quotes no shipping option and taxes the goods alone", async () => {
    const v = await gardenShopper();
    const res = await v.post("/api/checkout/quote", { address: NY_TAX_ONLY });
    expect(res.statusCode, res.body).toBe(200);
    const quote = res.json();
    expect(quote).toMatchObject({
      requiresShipping: false,
      shippingOptions: [],
      selectedShippingOption: null,
      shipping: 0,
      canCalculateTax: true,
    });
    // New York's 4 % on $49.95.
    expect(quote.taxAmount).toBe(200);
    expect(quote.total).toBe(4_995 + 200);
  });

  it("places the order with only the region and postal code, takes no stock and mails no shipping address", async () => {
    const v = await gardenShopper("DESIGN-BASIC");
    const stockBefore = await stockOf(t.database.db, "DESIGN-BASIC", GARDEN_STORE);
    const quote = (await v.post("/api/checkout/quote", { address: NY_TAX_ONLY })).json();
    const email = `plan-${randomUUID()}@example.com`;
    const res = await pay(v, {
      email,
      name: "Robin Gardener",
      address: NY_TAX_ONLY,
      expectedTotal: quote.total,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { order } = res.json();
    expect(order).toMatchObject({
      status: "paid",
      requiresShipping: false,
      shippingAmount: 0,
      total: quote.total,
      address: { line1: "", city: "", region: "NY", postalCode: "10001", country: "US" },
    });
    expect(await stockOf(t.database.db, "DESIGN-BASIC", GARDEN_STORE)).toBe(stockBefore);

    await t.app.background.idle();
    const [mail] = await outboxTo(t.database.db, email);
    expect(mail?.text).toContain("Nothing in it is shipped");
    expect(mail?.text).not.toContain("Shipping to:");
    expect(mail?.text).not.toContain("Shipping (");
  });

  it("refuses a shipping option for a cart with nothing to ship, as a changed order", async () => {
    const v = await gardenShopper();
    const quote = (await v.post("/api/checkout/quote", { address: NY_TAX_ONLY })).json();
    const res = await pay(v, {
      email: "plan@example.com",
      name: "Robin Gardener",
      address: NY_TAX_ONLY,
      shippingOptionId: "standard",
      expectedTotal: quote.total,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(CHECKOUT_MESSAGES.nothingToShip);
  });

  it("a cart with one shipped line still needs a street, a city and a shipping option", async () => {
    // A remedy store's gift card that is never shipped, beside a remedy that is.
    await t.database.db
      .update(variants)
      .set({ requiresShipping: false })
      .where(and(eq(variants.storeId, PET_STORE), eq(variants.sku, "EAT-1")));
    try {
      const v = new Visitor(t.app, PETS);
      for (const sku of ["EAT-1", "ITCHY-1"]) {
        expect((await v.post("/api/cart/items", { sku, quantity: 1 })).statusCode).toBe(200);
      }
      const quote = (await v.post("/api/checkout/quote", { address: NY_TAX_ONLY })).json();
      expect(quote.requiresShipping).toBe(true);
      expect(quote.shipping).toBe(795);
      const res = await pay(v, {
        email: "mixed@example.com",
        name: "Sam Mixed",
        address: NY_TAX_ONLY,
        expectedTotal: quote.total,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({
        "address.line1": "Enter your street address",
        "address.city": "Enter your city",
      });
      const noOption = await pay(v, {
        email: "mixed@example.com",
        name: "Sam Mixed",
        address: NY_ADDRESS,
        expectedTotal: quote.total,
      });
      expect(noOption.statusCode).toBe(400);
      expect(noOption.json().error.fields.shippingOptionId).toBe(CHECKOUT_MESSAGES.chooseShipping);
    } finally {
      await t.database.db
        .update(variants)
        .set({ requiresShipping: true })
        .where(and(eq(variants.storeId, PET_STORE), eq(variants.sku, "EAT-1")));
    }
  });
});
