import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addItem,
  type CartItem,
  cartTotals,
  discountAmount,
  freeShippingRemaining,
  lineKey,
  MAX_CART_LINES,
  removeItem,
  sameLine,
  statusAfterActivity,
  stockLeftFor,
  updateQuantity,
} from "./cart.ts";

const item = (sku: string, quantity = 1, price = 1000): CartItem => ({
  sku,
  quantity,
  product_price: price,
});

function ok(result: ReturnType<typeof addItem>): CartItem[] {
  if (!result.ok) throw new Error(`refused: ${result.refusal}`);
  return result.items;
}

describe("line matching", () => {
  it("matches plain lines by sku, subscription presence and subscription id", () => {
    const sub = (id: string): CartItem => ({
      ...item("A"),
      subscription: { subscription_id: id, subscription_price: 900 },
    });
    expect(sameLine(item("A"), item("A", 3))).toBe(true);
    expect(sameLine(item("A"), item("B"))).toBe(false);
    expect(sameLine(item("A"), sub("monthly"))).toBe(false);
    expect(sameLine(sub("monthly"), sub("monthly"))).toBe(true);
    expect(sameLine(sub("monthly"), sub("weekly"))).toBe(false);
  });

  it("gives plain and subscription lines a key that agrees with sameLine", () => {
    const monthly = { subscription_id: "monthly", subscription_price: 900 };
    expect(lineKey(item("A"))).toBe("A|");
    expect(lineKey({ ...item("A"), subscription: monthly })).toBe("A|monthly");
    expect(lineKey({ sku: "A", subscription: null })).toBe(lineKey(item("A", 5)));
  });

  it("matches bundles by bundle_id and the same set of skus in any order", () => {
    const bundle = (id: string, skus: string[]): CartItem => ({
      sku: id,
      quantity: 1,
      product_price: 0,
      price: 5000,
      bundle_id: id,
      skus_selected: skus,
    });
    expect(sameLine(bundle("b1", ["A", "B"]), bundle("b1", ["B", "A"]))).toBe(true);
    expect(sameLine(bundle("b1", ["A", "B"]), bundle("b1", ["A", "C"]))).toBe(false);
    expect(sameLine(bundle("b1", ["A", "B"]), bundle("b2", ["A", "B"]))).toBe(false);
  });
});

describe("adding to the cart", () => {
  it("grows a matching line and appends a new one", () => {
    let items = ok(addItem([], item("A", 2)));
    items = ok(addItem(items, item("A", 3)));
    items = ok(addItem(items, item("B")));
    expect(items.map((l) => [l.sku, l.quantity])).toEqual([
      ["A", 5],
      ["B", 1],
    ]);
  });

  it("prices a new subscription line at the subscription price", () => {
    const items = ok(
      addItem([], {
        ...item("A"),
        subscription: { subscription_id: "m", subscription_price: 850 },
      }),
    );
    expect(items[0]?.product_price).toBe(850);
  });

  it("refuses a 20th line with the spec's message", () => {
    let items: CartItem[] = [];
    for (let i = 0; i < MAX_CART_LINES; i++) items = ok(addItem(items, item(`S${i}`)));
    expect(addItem(items, item("ONE-MORE"))).toEqual({ ok: false, refusal: "cart_full" });
    // An existing line can still grow.
    expect(addItem(items, item("S0")).ok).toBe(true);
  });

  it("refuses a line past 19 and past stock", () => {
    const items = ok(addItem([], item("A", 18)));
    expect(addItem(items, item("A", 2))).toEqual({ ok: false, refusal: "line_limit" });
    expect(addItem([], item("A", 5), 4)).toEqual({ ok: false, refusal: "out_of_stock" });
    expect(addItem(items, item("A", 1), 18)).toEqual({ ok: false, refusal: "out_of_stock" });
    expect(addItem([], item("A", 0))).toEqual({ ok: false, refusal: "invalid_quantity" });
  });
});

describe("stock shared by a variant's lines", () => {
  const monthly = (quantity: number): CartItem => ({
    ...item("A", quantity, 900),
    subscription: { subscription_id: "monthly", subscription_price: 900 },
  });

  it("leaves a line the stock that the variant's other lines do not hold", () => {
    const items = [item("A", 3), monthly(2), item("B", 4)];
    expect(stockLeftFor(items, item("A"), 10)).toBe(8);
    expect(stockLeftFor(items, monthly(1), 10)).toBe(7);
    expect(stockLeftFor(items, item("C"), 10)).toBe(10);
  });

  it("refuses a subscription line that would take the plain line's units", () => {
    const items = ok(addItem([], item("A", 6)));
    const sub = monthly(5);
    expect(addItem(items, sub, stockLeftFor(items, sub, 10))).toEqual({
      ok: false,
      refusal: "out_of_stock",
    });
    const four = monthly(4);
    expect(ok(addItem(items, four, stockLeftFor(items, four, 10)))).toHaveLength(2);
  });

  it("reads the cart's answer too, whose plain lines say `subscription: null`", () => {
    const plain = { sku: "A", quantity: 3, subscription: null };
    const onPlan = { sku: "A", quantity: 2, subscription: { subscription_id: "monthly" } };
    const other = { sku: "B", quantity: 4, subscription: null };
    const lines = [plain, onPlan, other];
    expect(stockLeftFor(lines, plain, 10)).toBe(8);
    expect(stockLeftFor(lines, onPlan, 10)).toBe(7);
    expect(stockLeftFor(lines, other, 4)).toBe(4);
  });
});

describe("changing lines", () => {
  it("updates a quantity within 1..19 and stock", () => {
    const items = ok(addItem([], item("A")));
    expect(ok(updateQuantity(items, item("A"), 7))[0]?.quantity).toBe(7);
    expect(updateQuantity(items, item("A"), 0)).toEqual({ ok: false, refusal: "invalid_quantity" });
    expect(updateQuantity(items, item("A"), 20)).toEqual({
      ok: false,
      refusal: "invalid_quantity",
    });
    expect(updateQuantity(items, item("A"), 6, 5)).toEqual({ ok: false, refusal: "out_of_stock" });
  });

  it("removes a line", () => {
    const items = ok(addItem(ok(addItem([], item("A"))), item("B")));
    expect(removeItem(items, item("A")).map((l) => l.sku)).toEqual(["B"]);
  });
});

describe("discounts (spec section 5)", () => {
  it.each([
    ["no discount", null, 10_000, 0],
    ["max_redemptions below 1", { max_redemptions: 0, discount_percentage: 50 }, 10_000, 0],
    ["a percentage", { max_redemptions: 1, discount_percentage: 15 }, 10_000, 1_500],
    [
      "a percentage capped",
      { max_redemptions: 1, discount_percentage: 50, max_redeemable_amount: 2_000 },
      10_000,
      2_000,
    ],
    ["a fixed amount", { max_redemptions: 1, discount_amount: 1_000 }, 10_000, 1_000],
    [
      "percentage wins over amount",
      { max_redemptions: 1, discount_percentage: 10, discount_amount: 5_000 },
      10_000,
      1_000,
    ],
    ["never above the subtotal", { max_redemptions: 1, discount_amount: 20_000 }, 10_000, 10_000],
  ])("%s", (_name, discount, sub, expected) => {
    expect(discountAmount(sub, discount)).toBe(expected);
  });

  it("counts what is left to spend for free shipping from the store's threshold", () => {
    expect(freeShippingRemaining(14_000, 14_900)).toBe(900);
    expect(freeShippingRemaining(14_900, 14_900)).toBe(0);
    expect(freeShippingRemaining(20_000, null)).toBeNull();
  });
});

describe("cart status", () => {
  it("goes empty → active on activity and stays purchased", () => {
    expect(statusAfterActivity("empty")).toBe("active");
    expect(statusAfterActivity("active")).toBe("active");
    expect(statusAfterActivity("purchased")).toBe("purchased");
  });
});

describe("any sequence of cart operations (property)", () => {
  const sku = fc.constantFrom(...Array.from({ length: 25 }, (_, i) => `SKU-${i}`));
  const op = fc.oneof(
    fc.record({
      kind: fc.constant("add" as const),
      sku,
      quantity: fc.integer({ min: -2, max: 30 }),
      price: fc.integer({ min: 0, max: 50_000 }),
    }),
    fc.record({
      kind: fc.constant("update" as const),
      sku,
      quantity: fc.integer({ min: -2, max: 30 }),
    }),
    fc.record({ kind: fc.constant("remove" as const), sku }),
  );
  const discount = fc.option(
    fc.record({
      max_redemptions: fc.integer({ min: -1, max: 3 }),
      discount_percentage: fc.option(fc.integer({ min: 0, max: 100 })),
      discount_amount: fc.option(fc.integer({ min: 0, max: 100_000 })),
      max_redeemable_amount: fc.option(fc.integer({ min: 0, max: 100_000 })),
    }),
  );

  it("keeps at most 19 lines of 1..19 each, and total = lines − discount ≥ 0", () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 80 }), discount, (ops, d) => {
        let items: CartItem[] = [];
        for (const o of ops) {
          const result =
            o.kind === "add"
              ? addItem(items, item(o.sku, o.quantity, o.price))
              : o.kind === "update"
                ? updateQuantity(items, item(o.sku), o.quantity)
                : { ok: true as const, items: removeItem(items, item(o.sku)) };
          if (result.ok) items = result.items;
          expect(items.length).toBeLessThanOrEqual(19);
          for (const line of items) {
            expect(line.quantity).toBeGreaterThanOrEqual(1);
            expect(line.quantity).toBeLessThanOrEqual(19);
          }
          const totals = cartTotals(items, d);
          const lines = items.reduce((s, l) => s + l.product_price * l.quantity, 0);
          expect(totals.subtotal).toBe(lines);
          expect(totals.total).toBe(lines - totals.discount);
          expect(totals.total).toBeGreaterThanOrEqual(0);
          expect(Number.isInteger(totals.total)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("one item's plain and subscription lines share the limit of 19", () => {
  const plan = (quantity: number): CartItem => ({
    ...item("A", quantity),
    subscription: { subscription_id: "monthly", subscription_price: 900 },
  });

  it("refuses a plan line that would take the item past 19, and takes one that reaches 19", () => {
    const plain = ok(addItem([], item("A", 10)));
    expect(addItem(plain, plan(10))).toEqual({ ok: false, refusal: "line_limit" });
    expect(ok(addItem(plain, plan(9))).map((l) => l.quantity)).toEqual([10, 9]);
  });

  it("refuses raising one line past what the item's other lines leave", () => {
    const both = ok(addItem(ok(addItem([], item("A", 10))), plan(9)));
    expect(updateQuantity(both, item("A"), 11)).toEqual({ ok: false, refusal: "line_limit" });
    expect(updateQuantity(both, item("A"), 10).ok).toBe(true);
    // Another item is not counted.
    expect(ok(addItem(both, item("B", 19))).length).toBe(3);
  });
});
