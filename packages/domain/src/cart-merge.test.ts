import { describe, expect, it } from "vitest";
import { CART_FULL_MESSAGE, type CartItem, LINE_LIMIT_MESSAGE, STOCK_MESSAGE } from "./cart.ts";
import { type GuestLine, type MergeRefusal, mergeItems } from "./cart-merge.ts";

const plain = (sku: string, quantity: number, price = 1000): CartItem => ({
  sku,
  quantity,
  product_price: price,
});
const monthly = (sku: string, quantity: number, price = 900): CartItem => ({
  sku,
  quantity,
  product_price: price,
  subscription: { subscription_id: "monthly", subscription_price: price },
});
const guestLine = (
  sku: string,
  quantity: number,
  options: { price?: number | null; plan?: boolean } = {},
): GuestLine => ({
  sku,
  title: `Title of ${sku}`,
  quantity,
  subscription: options.plan ? { subscription_id: "monthly", label: "Every month" } : null,
  price: options.price === undefined ? (options.plan ? 900 : 1000) : options.price,
});
const plenty = () => 100;
const lines = (count: number): CartItem[] =>
  Array.from({ length: count }, (_, i) => plain(`SKU-${i}`, 1));

describe("mergeItems: which guest lines join the account's cart", () => {
  const cases: {
    name: string;
    account: CartItem[];
    guest: GuestLine[];
    stock?: Record<string, number>;
    items: CartItem[];
    merged: string[];
  }[] = [
    {
      name: "an empty account cart takes every guest line, in order",
      account: [],
      guest: [guestLine("A", 2), guestLine("B", 1)],
      items: [plain("A", 2), plain("B", 1)],
      merged: ["A", "B"],
    },
    {
      name: "a guest line of a sku the account holds adds to that line",
      account: [plain("A", 3), plain("B", 1)],
      guest: [guestLine("A", 4)],
      items: [plain("A", 7), plain("B", 1)],
      merged: ["A"],
    },
    {
      name: "quantities add up to exactly the limit of 19 of one line",
      account: [plain("A", 15)],
      guest: [guestLine("A", 4)],
      items: [plain("A", 19)],
      merged: ["A"],
    },
    {
      name: "a new line takes the 19th place",
      account: lines(18),
      guest: [guestLine("A", 1)],
      items: [...lines(18), plain("A", 1)],
      merged: ["A"],
    },
    {
      name: "a subscription line and the plain line of one sku stay separate",
      account: [plain("A", 2)],
      guest: [guestLine("A", 1, { plan: true })],
      items: [plain("A", 2), monthly("A", 1)],
      merged: ["A"],
    },
    {
      name: "a guest subscription line joins the account's line on the same plan",
      account: [monthly("A", 2)],
      guest: [guestLine("A", 3, { plan: true })],
      items: [monthly("A", 5)],
      merged: ["A"],
    },
    {
      name: "the stock is shared by a sku's plain and subscription lines",
      account: [plain("A", 6)],
      guest: [guestLine("A", 4, { plan: true })],
      stock: { A: 10 },
      items: [plain("A", 6), monthly("A", 4)],
      merged: ["A"],
    },
    {
      name: "a line refused does not stop the lines after it",
      account: [plain("A", 18)],
      guest: [guestLine("A", 2), guestLine("B", 1)],
      items: [plain("A", 18), plain("B", 1)],
      merged: ["B"],
    },
  ];
  it.each(cases)("$name", ({ account, guest, stock, items, merged }) => {
    const plan = mergeItems({ currency: "usd", items: account }, guest, (sku) =>
      stock ? stock[sku] : plenty(),
    );
    expect(plan.items).toEqual(items);
    expect(plan.merged.map((l) => l.sku)).toEqual(merged);
  });
});

describe("mergeItems: the lines that do not join, with their reason and message", () => {
  const cases: {
    name: string;
    account: CartItem[];
    line: GuestLine;
    stock?: number | undefined;
    reason: MergeRefusal;
    message: string;
  }[] = [
    {
      name: "past 19 of one line",
      account: [plain("A", 15)],
      line: guestLine("A", 5),
      reason: "line_limit",
      message: LINE_LIMIT_MESSAGE,
    },
    {
      name: "a new line in a cart of 19 lines",
      account: lines(19),
      line: guestLine("A", 1),
      reason: "cart_full",
      message: CART_FULL_MESSAGE,
    },
    {
      name: "more than the stock",
      account: [],
      line: guestLine("A", 3),
      stock: 2,
      reason: "out_of_stock",
      message: STOCK_MESSAGE,
    },
    {
      name: "more than the stock the sku's other line leaves",
      account: [monthly("A", 8)],
      line: guestLine("A", 3),
      stock: 10,
      reason: "out_of_stock",
      message: STOCK_MESSAGE,
    },
    {
      name: "a sku the store no longer sells",
      account: [],
      line: guestLine("GONE-1", 1),
      stock: undefined,
      reason: "product_not_found",
      message: "Product not found",
    },
    {
      name: "a variant with no price in the account cart's currency",
      account: [],
      line: guestLine("A", 1, { price: null }),
      reason: "not_sold_in_currency",
      message: "Title of A (A) is not available in CAD",
    },
    {
      name: "a quantity that is not a whole number of at least 1",
      account: [],
      line: guestLine("A", 0),
      reason: "invalid_quantity",
      message: "Quantity must be a whole number from 1 to 19",
    },
  ];
  it.each(cases)("$name", (c) => {
    const stock = "stock" in c ? c.stock : plenty();
    const plan = mergeItems({ currency: "cad", items: c.account }, [c.line], () => stock);
    expect(plan).toEqual({
      items: c.account,
      merged: [],
      notMerged: [{ line: c.line, reason: c.reason, message: c.message }],
    });
  });

  it("reports a refused subscription line with its plan, leaving the account cart as it was", () => {
    const account = [monthly("A", 19)];
    const line = guestLine("A", 1, { plan: true });
    const plan = mergeItems({ currency: "usd", items: account }, [line], plenty);
    expect(plan.notMerged).toEqual([{ line, reason: "line_limit", message: LINE_LIMIT_MESSAGE }]);
    expect(plan.notMerged[0]?.line.subscription).toEqual({
      subscription_id: "monthly",
      label: "Every month",
    });
    expect(plan.items).toEqual(account);
  });

  it("does not change the account's items it was given", () => {
    const account = [plain("A", 1)];
    mergeItems({ currency: "usd", items: account }, [guestLine("A", 2)], plenty);
    expect(account).toEqual([plain("A", 1)]);
  });
});
