// A cart write's rules as the server applies them: the domain's refusals as errors, what is
// sellable and in stock, a bundle's chosen variants, and the events a change records.
import {
  addItem,
  BUNDLE_MESSAGES,
  beyondStock,
  bundleSelectionError,
  CART_MESSAGES,
  type CartItem,
  type CartRefusal,
  type CartResult,
  type Currency,
  canonicalSelection,
  DomainError,
  type ErrorCode,
  lineKey,
  ONE_AT_A_TIME_MESSAGES,
  REFUSAL_MESSAGES,
  stockLeftFor,
  subscriptionPrice,
} from "@storefront/domain";
import type { Database } from "../../db/index.ts";
import type { PlanRow } from "../catalog/index.ts";
import { keyOf } from "./cart-lines.ts";
import type { CartEvent, CartOwner, Line } from "./cart-rows.ts";
import { findBundle, type SellableBundle, type SellableVariant } from "./sellable.ts";

const REFUSAL_CODES: Record<CartRefusal, ErrorCode> = {
  cart_full: "conflict",
  line_limit: "conflict",
  out_of_stock: "out_of_stock",
  invalid_quantity: "invalid",
};

/** The domain's refusal as the error the API answers, with the domain's message. */
function refuse(refusal: CartRefusal): never {
  throw new DomainError(REFUSAL_CODES[refusal], REFUSAL_MESSAGES[refusal]);
}

export function accepted(result: CartResult): CartItem[] {
  if (!result.ok) refuse(result.refusal);
  return result.items;
}

export function notSoldIn(
  variant: { sku: string; title: string },
  currency: Currency,
): DomainError {
  return new DomainError("conflict", CART_MESSAGES.notSoldIn(variant, currency));
}

/** The variant a shopper asked for, refused when it is not this store's or has no price. */
export function sellable(
  found: Map<string, SellableVariant>,
  sku: string,
  currency: Currency,
): SellableVariant & { price: number } {
  const variant = found.get(sku);
  if (!variant) throw new DomainError("not_found", CART_MESSAGES.productNotFound);
  // A bundle is added with the skus that fill it, not by its own sku alone.
  if (variant.bundleSlots !== null) {
    throw new DomainError("invalid", BUNDLE_MESSAGES.fill(variant.bundleSlots));
  }
  const { price } = variant;
  if (price === null) throw notSoldIn(variant, currency);
  return { ...variant, price };
}

/**
 * Refuses (out of stock) when `items` ask more of any of `skus` than a shopper can buy of it
 * (`stockOf`): a bundle's contents and the plain lines of the same variants share its stock.
 * Only `skus` are checked: the write's own.
 */
export function withinStock(
  items: readonly CartItem[],
  skus: readonly string[],
  stockOf: (sku: string) => number,
): void {
  const limit = (sku: string) => (skus.includes(sku) ? stockOf(sku) : Number.POSITIVE_INFINITY);
  if (beyondStock(items, limit) !== undefined) refuse("out_of_stock");
}

/**
 * The skus a shopper chose for `bundle`'s slots, checked by the domain's rule (one per slot, each
 * one of its choices) and refused when one is not sold in `currency`, as its plain line would be.
 * Answers them in the order that names the line.
 */
function checkedSelection(
  bundle: SellableBundle,
  skus: readonly string[],
  currency: Currency,
): string[] {
  const wrong = bundleSelectionError(bundle.variant.bundleSlots, skus, (sku) =>
    bundle.choices.has(sku),
  );
  if (wrong) throw new DomainError("invalid", wrong);
  for (const sku of skus) {
    const choice = bundle.choices.get(sku);
    if (choice?.price === null) throw notSoldIn(choice, currency);
  }
  return canonicalSelection(skus);
}

/**
 * A bundle line added to `items`: the bundle of this store named by its handle, filled with one
 * of its choices per slot, at the bundle's price in `currency` (a trade account's: its trade
 * price); refused past the cart's limits or the stock of any variant it holds. Answers the new
 * items and the variants (the bundle's and its choices) a new line is stored with.
 */
export async function addBundle(
  db: Database,
  owner: Pick<CartOwner, "storeId" | "userId">,
  cart: { currency: Currency; items: readonly CartItem[] },
  { bundleId, skus, quantity }: { bundleId: string; skus: readonly string[]; quantity: number },
): Promise<{ items: CartItem[]; found: Map<string, SellableVariant>; item: CartItem }> {
  const bundle = await findBundle(db, owner.storeId, bundleId, cart.currency, owner.userId);
  const selected = checkedSelection(bundle, skus, cart.currency);
  const { price } = bundle.variant;
  if (price === null) throw notSoldIn(bundle.variant, cart.currency);
  const item: CartItem = {
    sku: bundle.variant.sku,
    quantity,
    product_price: price,
    price,
    bundle_id: bundleId,
    skus_selected: selected,
  };
  const items = accepted(addItem(cart.items, item));
  withinStock(items, selected, (sku) => bundle.choices.get(sku)?.stock ?? 0);
  const found = new Map(bundle.choices);
  found.set(bundle.variant.sku, bundle.variant);
  return { items, found, item };
}

/** A new cart item for a variant: bought once, or on `plan` at the plan's price. */
export function newItem(
  variant: SellableVariant & { price: number },
  quantity: number,
  plan: PlanRow | null,
): CartItem {
  const item: CartItem = { sku: variant.sku, quantity, product_price: variant.price };
  if (!plan) return item;
  const price = subscriptionPrice(variant.price, plan.discountPercentage);
  return { ...item, subscription: { subscription_id: plan.code, subscription_price: price } };
}

/**
 * The domain's addItem with the variant's stock shared between its lines: the plain line and
 * its subscription lines together never hold more than `stock`.
 */
export function addWithinStock(
  items: readonly CartItem[],
  item: CartItem,
  stock: number,
): CartResult {
  return addItem(items, item, stockLeftFor(items, item, stock));
}

/**
 * A cart holds one of a variant that is never shipped (its stock is 1, see sellableStock): asking
 * for more is refused with that reason rather than a stock shortage.
 */
export function oneOnlyIfUnshipped(
  variant: { requiresShipping: boolean; title: string },
  quantity: number,
): void {
  if (variant.requiresShipping) return;
  throw new DomainError(
    quantity > 1 ? "invalid" : "conflict",
    quantity > 1
      ? ONE_AT_A_TIME_MESSAGES.tooMany(variant.title)
      : ONE_AT_A_TIME_MESSAGES.inCart(variant.title),
  );
}

/** Per-line events from the difference between the stored lines and the new ones. */
export function diffEvents(before: readonly Line[], after: readonly CartItem[]): CartEvent[] {
  const events: CartEvent[] = [];
  const beforeByKey = new Map(before.map((l) => [keyOf(l), l]));
  const afterKeys = new Set(after.map(lineKey));
  for (const item of after) {
    const old = beforeByKey.get(lineKey(item));
    if (!old) events.push({ type: "item_added", sku: item.sku, quantity: item.quantity });
    else if (old.quantity !== item.quantity) {
      events.push({ type: "item_quantity_updated", sku: item.sku, quantity: item.quantity });
    }
  }
  for (const old of before) {
    if (!afterKeys.has(keyOf(old))) {
      events.push({ type: "item_removed", sku: old.sku, quantity: old.quantity });
    }
  }
  return events;
}
