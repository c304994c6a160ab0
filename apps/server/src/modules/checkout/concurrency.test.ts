import { randomUUID } from "node:crypto";
import { CHECKOUT_MESSAGES } from "@storefront/domain";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  GOOD_CARD,
  NY_ADDRESS,
  PET_STORE,
  PETS,
  quoteAddress,
  setStock,
  stockOf,
} from "../../../test/fixtures.ts";
import { useTestApp } from "../../../test/helper.ts";
import { Visitor } from "../../../test/visitor.ts";
import { discountCodes, orders } from "../../db/schema.ts";
import { TestCardProcessor } from "../payments/test-processor.ts";

describe("checkout under concurrency", () => {
  const statements: string[] = [];
  let counting = false;
  const processor = new TestCardProcessor();
  const t = useTestApp(
    {},
    { testProcessor: processor, logQuery: (q) => counting && statements.push(q) },
  );

  /** `count` visitors, each with one of `sku` in the cart (and `code` applied), and the total they see. */
  async function shoppers(count: number, sku: string, code?: string) {
    const list: Visitor[] = [];
    for (let i = 0; i < count; i += 1) {
      const v = new Visitor(t.app, PETS);
      expect((await v.post("/api/cart/items", { sku, quantity: 1 })).statusCode).toBe(200);
      if (code) expect((await v.put("/api/cart/discount", { code })).statusCode).toBe(200);
      list.push(v);
    }
    const quote = await list[0]?.post("/api/checkout/quote", {
      address: quoteAddress(),
    });
    return { list, total: quote?.json().total as number };
  }

  function checkout(v: Visitor, total: number, email: string) {
    return v.post(
      "/api/checkout",
      {
        email,
        name: "Rush Buyer",
        address: NY_ADDRESS,
        shippingOptionId: "standard",
        expectedTotal: total,
        card: GOOD_CARD,
      },
      { "idempotency-key": randomUUID() },
    );
  }

  async function paidOrders(email: string) {
    return t.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.email, email), eq(orders.status, "paid")));
  }

  it("answers the one order to the same Idempotency-Key sent many times at once, never 'Your cart is empty'", async () => {
    for (let round = 0; round < 3; round++) {
      const { list, total } = await shoppers(1, "ITCHY-1");
      const [v] = list;
      if (!v) throw new Error("no shopper");
      const email = `same-key-${randomUUID()}@example.com`;
      const key = randomUUID();
      const body = {
        email,
        name: "Double Clicker",
        address: NY_ADDRESS,
        shippingOptionId: "standard",
        expectedTotal: total,
        card: GOOD_CARD,
      };
      // A first request, then the impatient repeats while it is still paying.
      const first = v.post("/api/checkout", body, { "idempotency-key": key });
      const answers = [first];
      for (let i = 0; i < 15; i++) {
        await new Promise((resolve) => setImmediate(resolve));
        answers.push(v.post("/api/checkout", body, { "idempotency-key": key }));
      }
      const settled = await Promise.all(answers);
      for (const a of settled) expect(a.statusCode, a.body).toBe(200);
      expect(new Set(settled.map((a) => a.json().order.number)).size).toBe(1);
      expect(await paidOrders(email)).toHaveLength(1);
    }
  });

  it("sells exactly 10 of a variant with stock 10 to 200 shoppers paying at once, round after round, charging only the 10", async () => {
    for (const round of [1, 2]) {
      await setStock(t.database.db, "ITCHY-2", 500);
      const { list, total } = await shoppers(200, "ITCHY-2");
      await setStock(t.database.db, "ITCHY-2", 10);
      const email = `rush-${round}@example.com`;
      processor.charges.clear();
      const answers = await Promise.all(list.map((v) => checkout(v, total, email)));
      // Stock is reserved before the card is charged: the 190 who lost the race were never charged.
      expect(processor.charges.size).toBe(10);
      expect([...processor.charges.values()].filter((c) => c.refunded)).toEqual([]);
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s >= 500)).toEqual([]);
      expect(statuses.filter((s) => s === 200)).toHaveLength(10);
      const refused = answers.filter((a) => a.statusCode !== 200);
      expect(refused).toHaveLength(190);
      for (const a of refused) {
        expect(a.statusCode).toBe(409);
        expect(a.json().error.code).toBe("out_of_stock");
        expect(a.json().error.message).toMatch(/is out of stock$/);
      }
      expect(await stockOf(t.database.db, "ITCHY-2")).toBe(0);
      expect(await paidOrders(email)).toHaveLength(10);
    }
  }, 180_000);

  it("redeems a code with max_redemptions 5 exactly 5 times when 200 shoppers pay with it at once", async () => {
    await t.database.db.insert(discountCodes).values({
      storeId: PET_STORE,
      code: "limit5",
      discountPercentage: 10,
      maxRedemptions: 5,
    });
    await setStock(t.database.db, "DRAMA-2", 500);
    const { list, total } = await shoppers(200, "DRAMA-2", "LIMIT5");
    const answers = await Promise.all(list.map((v) => checkout(v, total, "limit5@example.com")));
    expect(answers.filter((a) => a.statusCode >= 500)).toEqual([]);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(5);
    for (const a of answers.filter((x) => x.statusCode !== 200)) {
      expect(a.statusCode).toBe(409);
      expect(a.json().error.message).toBe(CHECKOUT_MESSAGES.discountUsedUp);
    }
    const [code] = await t.database.db
      .select()
      .from(discountCodes)
      .where(and(eq(discountCodes.storeId, PET_STORE), eq(discountCodes.code, "limit5")));
    expect(code?.redemptions).toBe(5);
    // The refused orders gave their stock back: only the 5 paid took any.
    expect(await stockOf(t.database.db, "DRAMA-2")).toBe(495);
  }, 120_000);

  it("places a guest's one-line order in at most 8 SQL statements (the store's settings read already, as by the quote before it)", async () => {
    const { list, total } = await shoppers(1, "EAT-2");
    const [v] = list;
    if (!v) throw new Error("no shopper");
    statements.length = 0;
    counting = true;
    const res = await checkout(v, total, "counted@example.com");
    counting = false;
    expect(res.statusCode, res.body).toBe(200);
    await t.app.background.idle();
    // BEGIN and COMMIT are not counted. Today: the cart with its lines (to price the order), the
    // cart locked and its lines read again, the cart's other unpaid orders, the order, its lines,
    // the stock (these five in the one transaction that holds the stock), then one statement that
    // records the payment and empties the cart.
    const counted = statements.filter((q) => !/^(begin|commit)$/i.test(q.trim()));
    console.info(`one order placement ran ${counted.length} SQL statements`);
    expect(counted.length).toBeGreaterThan(0);
    expect(counted.length, counted.join("\n")).toBeLessThanOrEqual(8);
  });
});
