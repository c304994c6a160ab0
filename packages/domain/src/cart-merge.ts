import type { NotMergedLine } from "./account-schema.ts";
import { bundleStockLeft } from "./bundle.ts";
import {
  addItem,
  CART_MESSAGES,
  type CartItem,
  type CartRefusal,
  REFUSAL_MESSAGES,
  stockLeftFor,
} from "./cart.ts";
import type { Currency } from "./money.ts";

/**
 * A line of the guest's cart offered to the account's cart, as the signed-in shopper will be told
 * about it, with its unit price in the account cart's currency (the plan's price for a
 * subscription line; null: the variant has no price in that currency).
 */
export interface GuestLine extends Omit<NotMergedLine, "message"> {
  price: number | null;
  /** A bundle line's bundle (its handle) and chosen skus; absent for any other line. */
  bundle_id?: string;
  skus_selected?: string[];
}

/** Why a guest line stays out: a cart rule, the product gone, or no price in the currency. */
export type MergeRefusal = CartRefusal | "product_not_found" | "not_sold_in_currency";

export interface CartMergePlan {
  /** The account cart's lines after the merge, in order: its own, then the guest lines that joined. */
  items: CartItem[];
  /** The guest lines that joined (added to a matching line or appended), in the guest cart's order. */
  merged: GuestLine[];
  /** The guest lines that did not join, each with its reason and the message the shopper sees. */
  notMerged: { line: GuestLine; reason: MergeRefusal; message: string }[];
}

function itemOf(line: GuestLine & { price: number }): CartItem {
  const item: CartItem = { sku: line.sku, quantity: line.quantity, product_price: line.price };
  if (line.bundle_id !== undefined) {
    return {
      ...item,
      price: line.price,
      bundle_id: line.bundle_id,
      skus_selected: line.skus_selected ?? [],
    };
  }
  if (!line.subscription) return item;
  return {
    ...item,
    subscription: {
      subscription_id: line.subscription.subscription_id,
      subscription_price: line.price,
    },
  };
}

/**
 * Which guest lines join the account's cart (sign-in or registration). Each guest line, in order,
 * is added with the cart's addItem to what the account holds so far: it joins a matching line
 * (same sku and plan; a subscription line and the plain line of one sku stay separate) or takes a
 * new one, within 19 lines, 19 of one line, and the stock the variant's other lines leave
 * (`stockOf`: the variant's stock, undefined when the store no longer sells the sku; a bundle
 * line's, what its contents' stock leaves). A line that
 * cannot join is reported with the rule's message, never dropped silently.
 * @example
 * mergeItems({ currency: "usd", items: [{ sku: "A", quantity: 15, product_price: 500 }] },
 *   [{ sku: "A", title: "Aloe", quantity: 5, subscription: null, price: 500 }], () => 50)
 * // { items: [A × 15], merged: [], notMerged: [{ line: A × 5, reason: "line_limit", message: LINE_LIMIT_MESSAGE }] }
 */
export function mergeItems(
  account: { currency: Currency; items: readonly CartItem[] },
  guest: readonly GuestLine[],
  stockOf: (sku: string) => number | undefined,
): CartMergePlan {
  let items = [...account.items];
  const merged: GuestLine[] = [];
  const notMerged: CartMergePlan["notMerged"] = [];
  const refuse = (line: GuestLine, reason: MergeRefusal, message: string) =>
    notMerged.push({ line, reason, message });
  for (const line of guest) {
    const stock = stockOf(line.sku);
    if (stock === undefined) {
      refuse(line, "product_not_found", CART_MESSAGES.productNotFound);
      continue;
    }
    const { price } = line;
    if (price === null) {
      refuse(line, "not_sold_in_currency", CART_MESSAGES.notSoldIn(line, account.currency));
      continue;
    }
    const item = itemOf({ ...line, price });
    // A bundle's stock is what its contents' stock leaves beside the cart's other lines.
    const available =
      line.bundle_id !== undefined
        ? bundleStockLeft(items, item, (sku) => stockOf(sku) ?? 0)
        : stockLeftFor(items, item, stock);
    const result = addItem(items, item, available);
    if (!result.ok) {
      refuse(line, result.refusal, REFUSAL_MESSAGES[result.refusal]);
      continue;
    }
    items = result.items;
    merged.push(line);
  }
  return { items, merged, notMerged };
}
