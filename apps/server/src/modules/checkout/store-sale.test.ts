import { CURRENCY_MESSAGES } from "@storefront/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, HEMP, PET_STORE, PETS } from "../../../test/fixtures.ts";
import { createTestApp, type TestApp } from "../../../test/helper.ts";
import { Visitor } from "../../../test/visitor.ts";
import { stores } from "../../db/schema.ts";

const HEMP_STORE = "hemp-nutrition";
const ONTARIO = { country: "CA", region: "ON", postalCode: "K1A 0B1" };

describe("a store's own free shipping and currencies", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // Pawsome ships free from $50 in the US and from CA$100 in Canada; Hemp & Hearth sells in
    // Canadian dollars only.
    await t.database.db
      .update(stores)
      .set({
        checkoutSettings: sql`${stores.checkoutSettings} || '{"freeShipping": {"US": 5000, "CA": 10000}}'::jsonb`,
      })
      .where(eq(stores.id, PET_STORE));
    await t.database.db
      .update(stores)
      .set({ currencies: ["cad"], defaultCurrency: "cad" })
      .where(eq(stores.id, HEMP_STORE));
    // Every instance hears of the change from the database (this one too) within moments.
    for (let tries = 0; tries < 100; tries += 1) {
      const sold = (await new Visitor(t.app, HEMP).get("/api/store")).json().currencies;
      if (JSON.stringify(sold) === '["cad"]') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  afterAll(() => t.close());

  it("counts the cart's way to free shipping from the store's threshold for its currency's country", async () => {
    const v = new Visitor(t.app, PETS);
    await expect
      .poll(async () => (await v.get("/api/cart")).json().freeShippingThreshold)
      .toBe(5000);
    const usd = (await v.post("/api/cart/items", { sku: "ITCHY-1", quantity: 1 })).json();
    expect(usd).toMatchObject({ freeShippingThreshold: 5000, freeShippingRemaining: 5000 - 3995 });
    const cad = (await v.put("/api/cart/currency", { currency: "cad" })).json();
    expect(cad).toMatchObject({
      currency: "cad",
      freeShippingThreshold: 10000,
      freeShippingRemaining: 10000 - 5395,
    });
  });

  it("ships a Canadian order free from the store's Canadian threshold, and not below it", async () => {
    const v = new Visitor(t.app, PETS, { cookie: "currency=cad" });
    await v.post("/api/cart/items", { sku: "ITCHY-1", quantity: 1 });
    const below = (await v.post("/api/checkout/quote", { address: ONTARIO })).json();
    expect(below.isFreeShipping).toBe(false);
    expect(below.shipping).toBe(1295);
    await v.post("/api/cart/items", { sku: "ITCHY-1", quantity: 1 });
    const above = (await v.post("/api/checkout/quote", { address: ONTARIO })).json();
    expect(above.subtotal).toBe(2 * 5395);
    expect(above.isFreeShipping).toBe(true);
    expect(above.shippingOptions[0]).toMatchObject({ id: "free", amount: 0 });
  });

  it("has the chatbot quote the threshold of the shopper's own country", async () => {
    const v = new Visitor(t.app, PETS, { cookie: "currency=cad" });
    const res = await v.post("/api/chat", { message: "any discounts?" });
    expect(res.statusCode, res.body).toBe(200);
    const messages: { message: string }[] = res.json().messages;
    expect(messages.map((m) => m.message)).toContain(
      "Orders of CA$100.00 or more ship free within Canada.",
    );
  });

  it("shows a store that sells in CAD only in CAD, to a US visitor and against a cookie", async () => {
    const american = new Visitor(t.app, HEMP, { "accept-language": "en-US" });
    expect((await american.get("/api/cart")).json().currency).toBe("cad");
    const products = (await american.get("/api/products")).json().products;
    expect(products.length).toBeGreaterThan(0);
    expect(products.every((p: { currency: string }) => p.currency === "cad")).toBe(true);
    const chose = new Visitor(t.app, HEMP, { cookie: "currency=usd" });
    expect((await chose.get("/api/cart")).json().currency).toBe("cad");
    // The other stores are as they were: a US visitor there pays in USD.
    const pets = new Visitor(t.app, PETS, { "accept-language": "en-US" });
    expect((await pets.get("/api/cart")).json().currency).toBe("usd");
  });

  it("refuses a currency the store does not sell, naming those it does", async () => {
    const v = new Visitor(t.app, HEMP);
    const message = CURRENCY_MESSAGES.notSold(["cad"]);
    expect(message).toBe("This store sells in CAD only");
    expectError(await v.put("/api/cart/currency", { currency: "usd" }), 400, "invalid", message);
    expectError(await v.get("/api/products?currency=usd"), 400, "invalid", message);
    expect(v.cookies.has("currency")).toBe(false);
  });
});
