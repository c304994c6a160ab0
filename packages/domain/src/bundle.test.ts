import { describe, expect, it } from "vitest";
import {
  beyondStock,
  bundleSaving,
  bundleSelectionError,
  bundleStockLeft,
  canonicalSelection,
  countSkus,
  describeContents,
  lineSummary,
  stockDemand,
} from "./bundle.ts";
import { addItem, type CartItem, lineKey, sameLine, stockLeftFor } from "./cart.ts";
import { mergeItems } from "./cart-merge.ts";

const duo = (skus: string[], quantity = 1): CartItem => ({
  sku: "DUO",
  quantity,
  product_price: 5_000,
  price: 5_000,
  bundle_id: "duo",
  skus_selected: skus,
});
const plain = (sku: string, quantity: number): CartItem => ({
  sku,
  quantity,
  product_price: 3_000,
});

describe("bundles in the cart", () => {
  it("names a bundle line by its skus in any order, for maps as for sameLine", () => {
    expect(lineKey(duo(["B", "A"]))).toBe(lineKey(duo(["A", "B"])));
    expect(lineKey(duo(["A", "A"]))).not.toBe(lineKey(duo(["A", "B"])));
    expect(lineKey(plain("A", 1))).toBe("A|");
    expect(sameLine(duo(["B", "A"]), duo(["A", "B"]))).toBe(true);
    // The cart's answer says null where a CartItem leaves the bundle out.
    expect(sameLine({ sku: "A", bundle_id: null, skus_selected: null }, plain("A", 1))).toBe(true);
    expect(canonicalSelection(["B", "A", "B"])).toEqual(["A", "B", "B"]);
    expect(countSkus(["B", "A", "B"])).toEqual([
      ["B", 2],
      ["A", 1],
    ]);
  });

  it("counts what the cart takes from each variant's stock: a bundle its contents, never its own sku", () => {
    const items = [duo(["A", "A"], 2), duo(["A", "B"]), plain("A", 3)];
    expect(stockDemand(items)).toEqual(
      new Map([
        ["A", 8],
        ["B", 1],
      ]),
    );
    expect(beyondStock(items, (sku) => (sku === "A" ? 8 : 1))).toBeUndefined();
    expect(beyondStock(items, (sku) => (sku === "A" ? 7 : 1))).toBe("A");
  });

  it("leaves a plain line the stock that bundles holding its variant do not take", () => {
    const items = [duo(["A", "A"], 2), plain("A", 1)];
    expect(stockLeftFor(items, plain("A", 1), 10)).toBe(6);
    expect(addItem(items, plain("A", 6), stockLeftFor(items, plain("A", 6), 10)).ok).toBe(false);
  });

  it("allows a bundle line as many as its scarcest content leaves beside the other lines", () => {
    const items = [duo(["A", "B"], 1), plain("A", 3), duo(["B", "B"], 1)];
    const stock = (sku: string) => (sku === "A" ? 6 : 5);
    // A: 6 − 3 plain = 3 per one A; B: 5 − 2 in the other bundle = 3.
    expect(bundleStockLeft(items, duo(["B", "A"]), stock)).toBe(3);
    // Two B per bundle: (5 − 1) / 2 = 2.
    expect(bundleStockLeft(items, duo(["B", "B"]), stock)).toBe(2);
  });

  it("merges a guest's bundle into the account's cart within its contents' stock", () => {
    const plan = mergeItems(
      { currency: "usd", items: [duo(["A", "B"], 2)] },
      [
        {
          sku: "DUO",
          title: "Duo",
          quantity: 1,
          subscription: null,
          price: 5_000,
          bundle_id: "duo",
          skus_selected: ["B", "A"],
        },
        {
          sku: "DUO",
          title: "Duo",
          quantity: 2,
          subscription: null,
          price: 5_000,
          bundle_id: "duo",
          skus_selected: ["A", "A"],
        },
      ],
      (sku) => (sku === "A" ? 4 : 10),
    );
    expect(plan.items).toEqual([duo(["A", "B"], 3)]);
    expect(plan.notMerged.map((n) => n.reason)).toEqual(["out_of_stock"]);
  });

  it("says what a bundle saves, and what it holds in words", () => {
    const prices = new Map([
      ["A", 2_995],
      ["B", 3_495],
    ]);
    expect(bundleSaving(5_000, ["A", "B"], prices)).toBe(1_490);
    expect(bundleSaving(9_000, ["A", "B"], prices)).toBe(0);
    expect(bundleSaving(5_000, ["A", "C"], prices)).toBeNull();
    expect(
      describeContents([
        { sku: "A", title: "Calm Down", attributes: { size: "2 oz" }, quantity: 2 },
        { sku: "B", title: "Ouchie", attributes: {}, quantity: 1 },
      ]),
    ).toBe("2 × Calm Down (2 oz) + Ouchie");
  });

  it("says why a selection cannot fill a bundle: one sku per slot, each one of its choices", () => {
    const isChoice = (sku: string) => sku !== "X";
    expect(bundleSelectionError(2, ["A", "A"], isChoice)).toBeNull();
    expect(bundleSelectionError(2, ["A"], isChoice)).toBe("Choose 2 items for this bundle");
    expect(bundleSelectionError(2, ["A", "X"], isChoice)).toBe(
      "X cannot be chosen for this bundle",
    );
  });

  it("writes a line for an email, with what a bundle holds", () => {
    const eat = { quantity: 2, title: "Eat", attributes: { "pack size": "1" }, contents: null };
    expect(lineSummary(eat, "$69.90")).toBe("2 × Eat (1) — $69.90");
    const duo = {
      quantity: 1,
      title: "Duo",
      attributes: {},
      contents: [{ sku: "A", title: "Calm", attributes: {}, quantity: 2 }],
    };
    expect(lineSummary(duo, "$74.95")).toBe("1 × Duo: 2 × Calm — $74.95");
  });
});
