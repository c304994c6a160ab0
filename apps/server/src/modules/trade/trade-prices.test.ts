import { randomUUID } from "node:crypto";
import { TRADE_MESSAGES, tradeAmount } from "@storefront/domain";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  createUser,
  expectError,
  GOOD_CARD,
  NY_ADDRESS,
  PETS,
  quoteAddress,
  signedInVisitor,
  signIn,
} from "../../../test/fixtures.ts";
import { useTestApp } from "../../../test/helper.ts";
import { Visitor } from "../../../test/visitor.ts";
import { users } from "../../db/schema.ts";
import { TestCardProcessor } from "../payments/test-processor.ts";

// The demo pet store's trade terms: 40 % off retail, $250 / CA$340 at least per order; the
// two-bottle Itchy Scratchy has its own trade price ($39.95, CA$53.95). The database prices as
// the domain's rule does.
const off = (retail: number) => tradeAmount(retail, null, 40);
const YOUNG = { retail: 4_495, trade: off(4_495), retailCad: 6_095, tradeCad: off(6_095) };
const ITCHY_1 = { retail: 3_995, trade: off(3_995) };
const ITCHY_2 = { retail: 7_195, trade: 3_995, tradeCad: 5_395 };

describe("trade prices", () => {
  const t = useTestApp({}, { testProcessor: new TestCardProcessor() });

  const trader = (values: Partial<typeof users.$inferInsert> = {}) =>
    signedInVisitor(t.app, t.database.db, { userType: "wholesale", ...values });

  async function add(v: Visitor, skus: Record<string, number>) {
    for (const [sku, quantity] of Object.entries(skus)) {
      const res = await v.post("/api/cart/items", { sku, quantity });
      expect(res.statusCode, res.body).toBe(200);
    }
  }

  async function quote(v: Visitor, extra: Record<string, unknown> = {}) {
    return v.post("/api/checkout/quote", { address: quoteAddress(NY_ADDRESS), ...extra });
  }

  async function pay(v: Visitor, email: string) {
    const q = await quote(v);
    expect(q.statusCode, q.body).toBe(200);
    const { total, selectedShippingOption } = q.json();
    return v.post(
      "/api/checkout",
      {
        email,
        name: "Jordan Reyes",
        address: NY_ADDRESS,
        shippingOptionId: selectedShippingOption.id,
        expectedTotal: total,
        card: GOOD_CARD,
      },
      { "idempotency-key": randomUUID() },
    );
  }

  it("shows a trade account trade prices on the product, the list, the search and the cart; a customer and a guest see retail", async () => {
    const { v: trade } = await trader();
    const { v: customer } = await signedInVisitor(t.app, t.database.db);
    const guest = new Visitor(t.app, PETS);

    const product = async (v: Visitor) => {
      const res = await v.get("/api/products/forever-young");
      expect(res.statusCode, res.body).toBe(200);
      return res;
    };
    const tradeProduct = await product(trade);
    expect(tradeProduct.json()).toMatchObject({
      product_price: YOUNG.trade,
      variants: expect.arrayContaining([
        expect.objectContaining({
          sku: "YOUNG-1",
          product_price: YOUNG.trade,
          prices: { usd: YOUNG.trade, cad: YOUNG.tradeCad },
        }),
      ]),
    });
    // A subscription saves its percentage on the trade price.
    const plans = tradeProduct.json().variants[0].subscriptions;
    expect(plans[0].subscription_price).toBeLessThan(YOUNG.trade);
    // An answer with trade prices is the account's alone.
    expect(tradeProduct.headers["cache-control"]).toBe("private, no-store");
    for (const v of [customer, guest]) {
      const res = await product(v);
      expect(res.json().product_price).toBe(YOUNG.retail);
      expect(res.json().variants[0].prices).toEqual({ usd: YOUNG.retail, cad: YOUNG.retailCad });
      expect(res.headers["cache-control"]).not.toBe("private, no-store");
    }

    // A variant with its own trade price is sold at it, not at the percentage.
    const itchy = (await trade.get("/api/products/itchy-scratchy")).json();
    const two = itchy.variants.find((v: { sku: string }) => v.sku === "ITCHY-2");
    expect(two.prices).toEqual({ usd: ITCHY_2.trade, cad: ITCHY_2.tradeCad });

    const card = (list: { handle: string; product_price: number }[]) =>
      list.find((c) => c.handle === "forever-young")?.product_price;
    expect(card((await trade.get("/api/products")).json().products)).toBe(YOUNG.trade);
    expect(card((await guest.get("/api/products")).json().products)).toBe(YOUNG.retail);
    expect(card((await trade.get("/api/search?q=forever+young")).json().products)).toBe(
      YOUNG.trade,
    );
    const retailSearch = await guest.get("/api/search?q=forever+young");
    expect(card(retailSearch.json().products)).toBe(YOUNG.retail);
    // A browser may reuse a retail answer for a few keystrokes, never after signing in.
    expect(retailSearch.headers["cache-control"]).toBe("private, max-age=10");
    expect(String(retailSearch.headers.vary)).toMatch(/cookie/i);

    await add(trade, { "YOUNG-1": 2, "ITCHY-2": 1 });
    const cart = (await trade.get("/api/cart")).json();
    expect(cart.cartItems.map((l: { product_price: number }) => l.product_price)).toEqual([
      YOUNG.trade,
      ITCHY_2.trade,
    ]);
    expect(cart.subtotal).toBe(2 * YOUNG.trade + ITCHY_2.trade);
    await add(customer, { "YOUNG-1": 2 });
    expect((await customer.get("/api/cart")).json().subtotal).toBe(2 * YOUNG.retail);
    // A retail order has no trade minimum.
    expect((await quote(customer)).json().orderNotice).toBeNull();
  });

  it("prices a guest's cart at trade prices once its shopper signs in to a trade account", async () => {
    const user = await createUser(t.database.db, { userType: "wholesale" });
    const v = new Visitor(t.app, PETS);
    await add(v, { "YOUNG-1": 1 });
    expect((await v.get("/api/cart")).json().subtotal).toBe(YOUNG.retail);
    expect((await signIn(v, user.email)).statusCode).toBe(200);
    expect((await v.get("/api/cart")).json().subtotal).toBe(YOUNG.trade);
  });

  it("refuses a trade order below the store's minimum and says how much is missing, already in the quote", async () => {
    const { v, user } = await trader();
    await add(v, { "ITCHY-1": 2 });
    const message = TRADE_MESSAGES.minimumOrder(
      "$250.00",
      `$${((25_000 - 2 * ITCHY_1.trade) / 100).toFixed(2)}`,
    );
    expect((await quote(v)).json().orderNotice).toBe(message);
    expectError(await pay(v, user.email), 400, "invalid", message);
  });

  it("places a trade order at the minimum at trade prices, tax-exempt with a resale certificate, earning no points", async () => {
    const { v, user } = await trader({ resaleCertificate: "NC-RESALE-1", pointsBalance: 40 });
    await add(v, { "ITCHY-1": 11 });
    const q = (await quote(v)).json();
    expect(q.subtotal).toBe(11 * ITCHY_1.trade);
    expect(q.taxAmount).toBe(0);
    expect(q.taxLines).toEqual([]);
    expect(q.orderNotice).toBeNull();
    const res = await pay(v, user.email);
    expect(res.statusCode, res.body).toBe(200);
    const { order } = res.json();
    expect(order).toMatchObject({ subtotal: 11 * ITCHY_1.trade, taxAmount: 0, pointsEarned: 0 });
    const [row] = await t.database.db
      .select({ balance: users.pointsBalance })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row?.balance).toBe(40);
    // The order keeps the trade prices it was bought at.
    const read = (await v.get(`/api/orders/${order.number}`)).json();
    expect(read.lines[0]).toMatchObject({ sku: "ITCHY-1", quantity: 11 });
    expect(read.subtotal).toBe(11 * ITCHY_1.trade);
  });

  it("taxes a trade order when no resale certificate is on file", async () => {
    const { v } = await trader();
    await add(v, { "ITCHY-1": 11 });
    const q = (await quote(v)).json();
    expect(q.subtotal).toBe(11 * ITCHY_1.trade);
    expect(q.taxAmount).toBeGreaterThan(0);
  });

  it("takes no loyalty points and no personal code on trade prices", async () => {
    const { v } = await trader({ pointsBalance: 500 });
    await add(v, { "ITCHY-1": 11 });
    expectError(await quote(v, { usePoints: true }), 400, "invalid", TRADE_MESSAGES.points);
    const affiliate = await createUser(t.database.db, {});
    expectError(
      await v.put("/api/cart/discount", { code: affiliate.discountCode }),
      409,
      "conflict",
      TRADE_MESSAGES.personalCode,
    );
    // A store code still applies to trade prices ($10 off).
    const withCode = await v.put("/api/cart/discount", { code: "SAVE10" });
    expect(withCode.statusCode, withCode.body).toBe(200);
    expect(withCode.json().discount).toBe(1_000);
  });
});
