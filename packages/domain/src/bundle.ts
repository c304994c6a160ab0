// Bundles (spec section 3 "Cart item": price, bundle_id, skus_selected): a product sold at a fixed
// price per currency whose shopper fills a number of slots, each with one of the bundle's
// eligible variants (the same variant may fill more than one slot). Apart from cart.ts: only a
// bundle's page and the server need these, not every page's first load.
import { heldInBundles, isBundle, type LineIdentity } from "./cart.ts";

/** The fewest and most slots a bundle has. */
export const BUNDLE_MIN_SLOTS = 2;
export const BUNDLE_MAX_SLOTS = 6;

/** What the cart says about a bundle a shopper filled. */
export const BUNDLE_MESSAGES = {
  /** No published bundle of this store has that bundle_id (its handle). */
  notFound: "Bundle not found",
  /** @example BUNDLE_MESSAGES.fill(2) // "Choose 2 items for this bundle" */
  fill: (slots: number): string => `Choose ${slots} items for this bundle`,
  /** @example BUNDLE_MESSAGES.notAChoice("EAT-1") // "EAT-1 cannot be chosen for this bundle" */
  notAChoice: (sku: string): string => `${sku} cannot be chosen for this bundle`,
  /** An add names both a plain sku and a bundle, or neither. */
  skuOrBundle: "Send either sku or bundle_id with skus_selected",
  /** skus_selected without bundle_id. */
  bundleIdRequired: "bundle_id is required with skus_selected",
  /** A bundle is bought once at its price: it has no subscription plans. */
  noSubscription: "A bundle cannot be bought on a subscription",
} as const;

/** One variant in a bundle line or an order's bundle line, and how many of it one bundle holds. */
export interface BundleContent {
  sku: string;
  title: string;
  attributes: Record<string, string>;
  quantity: number;
}

/**
 * The selected skus counted: each sku once, in the order first chosen, with how many slots it fills.
 * @example countSkus(["B", "A", "B"]) // [["B", 2], ["A", 1]]
 */
export function countSkus(skus: readonly string[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const sku of skus) counts.set(sku, (counts.get(sku) ?? 0) + 1);
  return [...counts];
}

/**
 * A selection in the order that names it whatever order the slots were filled in (sorted), so two
 * lines with the same skus in any order are one line.
 * @example canonicalSelection(["B", "A"]) // ["A", "B"]
 */
export function canonicalSelection(skus: readonly string[]): string[] {
  return [...skus].sort();
}

/**
 * What choosing the bundle saves over buying its selected items one by one (never below 0); the
 * items' unit prices by sku. null while a selected item has no price.
 * @example bundleSaving(4990, ["A", "B"], new Map([["A", 2995], ["B", 2995]])) // 1000
 */
export function bundleSaving(
  bundlePrice: number,
  skus: readonly string[],
  prices: ReadonlyMap<string, number | null>,
): number | null {
  let separately = 0;
  for (const sku of skus) {
    const price = prices.get(sku);
    if (price == null) return null;
    separately += price;
  }
  return Math.max(0, separately - bundlePrice);
}

/**
 * Why the skus chosen for a bundle's `slots` cannot fill it: not exactly one per slot, or one that
 * is not among its choices; null when they fill it.
 * @example bundleSelectionError(2, ["A"], () => true) // "Choose 2 items for this bundle"
 */
export function bundleSelectionError(
  slots: number,
  skus: readonly string[],
  isChoice: (sku: string) => boolean,
): string | null {
  if (skus.length !== slots) return BUNDLE_MESSAGES.fill(slots);
  const stranger = skus.find((sku) => !isChoice(sku));
  return stranger === undefined ? null : BUNDLE_MESSAGES.notAChoice(stranger);
}

/**
 * What one bundle holds, in words, for a line of an email or a page.
 * @example describeContents([{ sku: "A", title: "Calm Down", attributes: { size: "2 oz" }, quantity: 2 }]) // "2 × Calm Down (2 oz)"
 */
export function describeContents(contents: readonly BundleContent[]): string {
  return contents
    .map((c) => {
      const values = Object.values(c.attributes);
      const named = values.length > 0 ? `${c.title} (${values.join(", ")})` : c.title;
      return c.quantity > 1 ? `${c.quantity} × ${named}` : named;
    })
    .join(" + ");
}

/**
 * A bought or carted line in one line of an email's text: how many, its name and options, what a
 * bundle holds, and its `amount` (formatted by the caller).
 * @example lineSummary({ quantity: 2, title: "Eat", attributes: { "pack size": "1" }, contents: null }, "$69.90") // "2 × Eat (1) — $69.90"
 */
export function lineSummary(
  line: {
    quantity: number;
    title: string;
    attributes: Record<string, string>;
    contents: readonly BundleContent[] | null;
  },
  amount: string,
): string {
  const values = Object.values(line.attributes);
  const options = values.length > 0 ? ` (${values.join(", ")})` : "";
  const holds = line.contents ? `: ${describeContents(line.contents)}` : "";
  return `${line.quantity} × ${line.title}${options}${holds} — ${amount}`;
}

/**
 * How many of a variant the cart takes from its stock, by sku: a plain or subscription line its
 * own sku, a bundle line each selected sku once per bundle (the bundle's own sku takes none).
 * @example stockDemand([{ sku: "DUO", bundle_id: "duo", skus_selected: ["A", "A"], quantity: 2, product_price: 1 }]) // Map { "A" => 4 }
 */
export function stockDemand(
  items: readonly (LineIdentity & { quantity: number })[],
): Map<string, number> {
  const demand = new Map<string, number>();
  const take = (sku: string, n: number) => demand.set(sku, (demand.get(sku) ?? 0) + n);
  for (const line of items) {
    if (!isBundle(line)) take(line.sku, line.quantity);
    else for (const sku of line.skus_selected ?? []) take(sku, line.quantity);
  }
  return demand;
}

/**
 * The first sku the items ask more of than its stock (`stockOf`: what a shopper can buy of it),
 * or undefined when the stock covers them all.
 */
export function beyondStock(
  items: readonly (LineIdentity & { quantity: number })[],
  stockOf: (sku: string) => number,
): string | undefined {
  for (const [sku, wanted] of stockDemand(items)) if (wanted > stockOf(sku)) return sku;
  return undefined;
}

/**
 * How many of the bundle line `item` the stock allows, given what the cart's other lines hold of
 * its selected variants (`stockOf`: what a shopper can buy of each): its line's total_stock.
 */
export function bundleStockLeft(
  items: readonly (LineIdentity & { quantity: number })[],
  item: LineIdentity,
  stockOf: (sku: string) => number,
): number {
  let most = Number.POSITIVE_INFINITY;
  for (const [sku, perBundle] of countSkus(item.skus_selected ?? [])) {
    const elsewhere =
      heldInBundles(items, sku, item) +
      items
        .filter((line) => !isBundle(line) && line.sku === sku)
        .reduce((sum, line) => sum + line.quantity, 0);
    most = Math.min(most, Math.floor((stockOf(sku) - elsewhere) / perBundle));
  }
  return Number.isFinite(most) ? Math.max(0, most) : 0;
}
