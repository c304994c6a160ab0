// How a cart is shown: stored lines as the domain's cart items, and a cart as the API's CartView.
import {
  bundleStockLeft,
  type CartItem,
  type CartView,
  type CheckoutSettings,
  type Currency,
  cartTotals,
  freeShippingRemaining,
  freeShippingThreshold,
  lineTotal,
} from "@storefront/domain";
import { type Database, readTogether } from "../../db/index.ts";
import { planView } from "../catalog/index.ts";
import { type DiscountCode, discountInCurrency, findActiveCode } from "../discounts/index.ts";
import { getCheckoutSettings } from "../stores/index.ts";
import { readLines, readOpenCart } from "./cart-lines.ts";
import type { CartOwner, CartRow, Line } from "./cart-rows.ts";

export type PricedLine = Line & { price: number };

/** A line as the domain's cart item: a subscription line carries its plan's code and price. */
export function itemOf(line: PricedLine): CartItem {
  const item: CartItem = { sku: line.sku, quantity: line.quantity, product_price: line.price };
  if (line.bundle) {
    const { bundleId, skus } = line.bundle;
    return { ...item, price: line.price, bundle_id: bundleId, skus_selected: skus };
  }
  if (!line.plan) return item;
  return {
    ...item,
    subscription: { subscription_id: line.plan.code, subscription_price: line.price },
  };
}

/** The lines with a price in the cart's currency; the others are neither shown nor sold in it. */
export function pricedLines(lines: readonly Line[]): PricedLine[] {
  return lines.flatMap((l) => (l.price === null ? [] : [{ ...l, price: l.price }]));
}

/** The lines the rules work on: priced in the cart's currency, the price read from the database. */
export function itemsOf(lines: readonly Line[]): CartItem[] {
  return pricedLines(lines).map(itemOf);
}

/**
 * What the cart view reads of the store: its free-shipping thresholds. Read before a write's
 * transaction (the store's settings are kept outside transactions) and passed in.
 */
export type CartRules = Pick<CheckoutSettings, "freeShipping">;

/** The answer for a visitor without a cart (or before a write opens one). */
export function emptyView(currency: Currency, rules: CartRules): CartView {
  const totals = cartTotals([]);
  const threshold = freeShippingThreshold(rules, currency);
  return {
    currency,
    cartItems: [],
    activeDiscount: null,
    subtotal: totals.subtotal,
    discount: totals.discount,
    totalCost: totals.total,
    freeShippingRemaining: freeShippingRemaining(totals.total, threshold),
    freeShippingThreshold: threshold,
    itemCount: 0,
    status: "empty",
  };
}

/** A stored cart as the API answers it: its priced lines, its code and its totals. */
export async function readView(db: Database, cart: CartRow, rules: CartRules): Promise<CartView> {
  const [lines, code] = await readTogether(db, [
    () => readLines(db, cart),
    () => activeCodeOf(db, cart),
  ]);
  return viewOf(cart, lines, code, rules);
}

/**
 * A cart as the API answers it from lines already read in this transaction (as readLines gives
 * them: in order, priced in the cart's currency), reading only its code.
 */
export async function viewWithLines(
  db: Database,
  cart: CartRow,
  lines: readonly Line[],
  rules: CartRules,
): Promise<CartView> {
  return viewOf(cart, lines, await activeCodeOf(db, cart), rules);
}

/** The cart's discount code while it can still be used; null without one. */
export function activeCodeOf(db: Database, cart: CartRow): Promise<DiscountCode | null> {
  return cart.discountCodeId
    ? findActiveCode(db, cart.storeId, cart.discountCodeId)
    : Promise.resolve(null);
}

/**
 * What a shopper can buy of each variant the lines name, by sku: a plain line's variant and each
 * variant a bundle line holds. For the stock rules (stockDemand, beyondStock, bundleStockLeft).
 */
export function stockBySku(lines: readonly Line[]): Map<string, number> {
  const stock = new Map<string, number>();
  for (const line of lines) {
    if (!line.bundle) stock.set(line.sku, line.stock);
    else for (const c of line.bundle.contents) stock.set(c.sku, c.stock);
  }
  return stock;
}

/** Whether any of the lines is shipped: when none is, checkout asks no street nor shipping. */
export function shipsAnything(lines: readonly Pick<Line, "requiresShipping">[]): boolean {
  return lines.some((l) => l.requiresShipping);
}

function viewOf(
  cart: CartRow,
  lines: readonly Line[],
  code: DiscountCode | null,
  rules: CartRules,
): CartView {
  const currency = cart.currency;
  const threshold = freeShippingThreshold(rules, currency);
  const priced = pricedLines(lines);
  const items = priced.map(itemOf);
  const stock = stockBySku(priced);
  const stockOf = (sku: string) => stock.get(sku) ?? 0;
  const terms = code ? discountInCurrency(code, currency) : null;
  const totals = cartTotals(items, terms);
  return {
    currency,
    cartItems: priced.map((l) => ({
      sku: l.sku,
      quantity: l.quantity,
      product_price: l.price,
      line_total: lineTotal(itemOf(l)),
      handle: l.handle,
      title: l.title,
      image_url: l.imageUrls[0] ?? null,
      attributes: l.attributes,
      // A bundle line: how many of it its contents' stock allows beside the other lines.
      total_stock: !l.bundle
        ? l.stock
        : l.bundle.complete
          ? bundleStockLeft(items, itemOf(l), stockOf)
          : 0,
      requires_shipping: l.requiresShipping,
      subscription: l.plan ? { ...planView(l.plan), subscription_price: l.price } : null,
      bundle_id: l.bundle?.bundleId ?? null,
      skus_selected: l.bundle?.skus ?? null,
      contents: l.bundle
        ? l.bundle.contents.map(({ sku, title, attributes, quantity }) => ({
            sku,
            title,
            attributes,
            quantity,
          }))
        : null,
    })),
    activeDiscount:
      code && terms
        ? {
            code: code.code,
            discount_percentage: terms.discount_percentage ?? null,
            discount_amount: terms.discount_amount ?? null,
            max_redeemable_amount: terms.max_redeemable_amount ?? null,
            max_redemptions: terms.max_redemptions,
          }
        : null,
    subtotal: totals.subtotal,
    discount: totals.discount,
    totalCost: totals.total,
    // A cart of what is never shipped has no shipping to make free.
    freeShippingRemaining:
      priced.length > 0 && !shipsAnything(priced)
        ? null
        : freeShippingRemaining(totals.total, threshold),
    freeShippingThreshold: threshold,
    itemCount: items.reduce((sum, i) => sum + i.quantity, 0),
    status: cart.status,
  };
}

/** The owner's cart in this store; without an owner or cart, an empty one (nothing written). */
export async function getCart(db: Database, owner: CartOwner): Promise<CartView> {
  const [open, rules] = await Promise.all([
    readOpenCart(db, owner),
    getCheckoutSettings(db, owner.storeId),
  ]);
  return open ? viewWithLines(db, open.cart, open.lines, rules) : emptyView(owner.currency, rules);
}

/** The cart view of a stored cart, outside any transaction (reports, reminders, restores). */
export async function storedCartView(db: Database, cart: CartRow): Promise<CartView> {
  return readView(db, cart, await getCheckoutSettings(db, cart.storeId));
}
