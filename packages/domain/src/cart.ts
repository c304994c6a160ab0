import type { Currency } from "./money.ts";

/** At most 19 distinct lines; a line's quantity is 1 to 19; the popup's selector goes 1 to 99. */
export const MAX_CART_LINES = 19;
export const MAX_LINE_QUANTITY = 19;
export const POPUP_MAX_QUANTITY = 99;

export const CART_FULL_MESSAGE = "Cart is full. Maximum 19 different items allowed.";
export const STOCK_MESSAGE = "Requested quantity exceeds available stock";
export const LINE_LIMIT_MESSAGE = `You can have at most ${MAX_LINE_QUANTITY} of one item in your cart.`;
const INVALID_QUANTITY_MESSAGE = `Quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}`;

export interface Subscription {
  subscription_id: string;
  subscription_price: number;
}

/** A cart line (spec section 3 "Cart item"); prices in minor units. */
export interface CartItem {
  sku: string;
  quantity: number;
  /** Unit price; for a subscription line, the subscription price. */
  product_price: number;
  discounted_price?: number;
  /** Bundle price for one bundle. */
  price?: number;
  bundle_id?: string;
  skus_selected?: string[];
  subscription?: Subscription;
}

/** Spec section 3 "Discount"; amounts in minor units of the cart's currency. */
export interface Discount {
  max_redemptions: number;
  discount_percentage?: number | null;
  discount_amount?: number | null;
  max_redeemable_amount?: number | null;
}

export type CartRefusal = "cart_full" | "line_limit" | "out_of_stock" | "invalid_quantity";

/** Every text the cart calls answer with, named once for the server, the web and the tests. */
export const CART_MESSAGES = {
  cartFull: CART_FULL_MESSAGE,
  lineLimit: LINE_LIMIT_MESSAGE,
  stock: STOCK_MESSAGE,
  invalidQuantity: INVALID_QUANTITY_MESSAGE,
  /** The sku is not a published variant of this store. */
  productNotFound: "Product not found",
  /** A change or removal names a line the cart does not hold. */
  lineNotFound: "This item is not in your cart",
  /**
   * The variant has no price in the cart's currency.
   * @example CART_MESSAGES.notSoldIn({ title: "Eat", sku: "EAT-1" }, "cad") // "Eat (EAT-1) is not available in CAD"
   */
  notSoldIn: (variant: { title: string; sku: string }, currency: Currency): string =>
    `${variant.title} (${variant.sku}) is not available in ${currency.toUpperCase()}`,
} as const;

/**
 * A cart holds one of what is never shipped (a digital plan, a design service). Apart from
 * CART_MESSAGES: only the server says these, and the browser's bundle need not carry them.
 */
export const ONE_AT_A_TIME_MESSAGES = {
  /** @example ONE_AT_A_TIME_MESSAGES.inCart("Seasonal Planting Plan") // "Seasonal Planting Plan is sold one at a time, and one is in your cart" */
  inCart: (title: string): string => `${title} is sold one at a time, and one is in your cart`,
  /** More than one was asked for at once. */
  tooMany: (title: string): string => `${title} is sold one at a time`,
} as const;

// From the constants, not CART_MESSAGES' properties: reading those at load would keep the whole
// object in the browser's bundle, which does not use it.
export const REFUSAL_MESSAGES: Record<CartRefusal, string> = {
  cart_full: CART_FULL_MESSAGE,
  line_limit: LINE_LIMIT_MESSAGE,
  out_of_stock: STOCK_MESSAGE,
  invalid_quantity: INVALID_QUANTITY_MESSAGE,
};

export type CartResult = { ok: true; items: CartItem[] } | { ok: false; refusal: CartRefusal };

function sameSkus(a: readonly string[] = [], b: readonly string[] = []): boolean {
  if (a.length !== b.length) return false;
  const sorted = [...b].sort();
  return [...a].sort().every((sku, i) => sku === sorted[i]);
}

/**
 * What names a cart line: a CartItem, or a line of the cart's answer (CartView), whose plain
 * lines carry `subscription: null` where a CartItem leaves it out.
 */
export interface LineIdentity {
  sku: string;
  /** The bundle's id (its product's handle); absent or null for a plain line. */
  bundle_id?: string | null;
  skus_selected?: readonly string[] | null;
  subscription?: { subscription_id: string } | null;
}

/**
 * One line of a cart, as a change or a removal names it: a sku's plain line (`subscription` and
 * `skus_selected` null), its line on a plan, or, for a bundle's own sku, the bundle line holding
 * `skus_selected` (in any order). A line of the cart's answer is one; its URL is `lineWhere`'s
 * (endpoints/cart-routes.ts).
 */
export interface LineRef {
  sku: string;
  subscription: { subscription_id: string } | null;
  skus_selected: readonly string[] | null;
}

/** Whether the line is a bundle (a CartItem leaves bundle_id out, the cart's answer has null). */
export function isBundle(item: Pick<LineIdentity, "bundle_id">): boolean {
  return item.bundle_id != null;
}

/**
 * Whether two items are the same cart line: a bundle by bundle_id and the same set of selected
 * skus in any order; a plain item by sku, subscription presence and subscription id.
 * @example sameLine({ sku: "A", quantity: 1, product_price: 5 }, { sku: "A", quantity: 3, product_price: 5 }) // true
 */
export function sameLine(a: LineIdentity, b: LineIdentity): boolean {
  if (isBundle(a) || isBundle(b)) {
    return (
      a.bundle_id === b.bundle_id &&
      sameSkus(a.skus_selected ?? undefined, b.skus_selected ?? undefined)
    );
  }
  return (
    a.sku === b.sku &&
    (a.subscription == null) === (b.subscription == null) &&
    a.subscription?.subscription_id === b.subscription?.subscription_id
  );
}

/**
 * A line's identity as one string, agreeing with sameLine (a bundle line's sku is its bundle's
 * own sku): for maps and list keys.
 * @example lineKey({ sku: "EAT-1", subscription: { subscription_id: "monthly" } }) // "EAT-1|monthly"
 * @example lineKey({ sku: "DUO", bundle_id: "duo", skus_selected: ["B", "A"] }) // "DUO||A,B"
 */
export function lineKey(
  item: Pick<LineIdentity, "sku" | "subscription" | "skus_selected">,
): string {
  const plain = `${item.sku}|${item.subscription?.subscription_id ?? ""}`;
  const skus = item.skus_selected;
  return skus && skus.length > 0 ? `${plain}|${[...skus].sort().join(",")}` : plain;
}

/**
 * The stock left for `item`'s line: `stock` less what the cart's other lines of the same sku
 * hold, since a plain line and the subscription lines of one variant share its stock. Works on
 * the server's cart items and on the lines of the cart's answer (the cart page's steppers).
 * @example stockLeftFor([{ sku: "A", quantity: 3, product_price: 1 }], subscriptionLineOfA, 10) // 7
 */
export function stockLeftFor(
  items: readonly (LineIdentity & { quantity: number })[],
  item: LineIdentity,
  stock: number,
): number {
  // A bundle line's stock is what its contents allow, worked out by bundleStockLeft.
  if (isBundle(item)) return stock;
  return stock - heldElsewhere(items, item) - heldInBundles(items, item.sku);
}

/** How many of `sku` the cart's bundle lines (other than `except`) hold in all. */
export function heldInBundles(
  items: readonly (LineIdentity & { quantity: number })[],
  sku: string,
  except?: LineIdentity,
): number {
  let held = 0;
  for (const line of items) {
    if (!isBundle(line) || (except && sameLine(line, except))) continue;
    for (const selected of line.skus_selected ?? []) if (selected === sku) held += line.quantity;
  }
  return held;
}

/**
 * What the cart's other lines of `item`'s variant hold: its plain line and its subscription lines
 * are one item for stock and for the limit of 19 (a bundle line is its own item).
 */
export function heldElsewhere(
  items: readonly (LineIdentity & { quantity: number })[],
  item: LineIdentity,
): number {
  if (isBundle(item)) return 0;
  return items
    .filter((line) => !isBundle(line) && line.sku === item.sku && !sameLine(line, item))
    .reduce((sum, line) => sum + line.quantity, 0);
}

/** A line's unit price: the bundle price for a bundle, else the product (or subscription) price. */
export function unitPrice(item: CartItem): number {
  if (isBundle(item)) return item.price ?? item.product_price;
  return item.discounted_price ?? item.product_price;
}

export function lineTotal(item: CartItem): number {
  return unitPrice(item) * item.quantity;
}

function validQuantity(quantity: number): boolean {
  return Number.isInteger(quantity) && quantity >= 1 && quantity <= MAX_LINE_QUANTITY;
}

/**
 * Adds an item: a matching line grows, else a new line is appended. A new subscription line is
 * priced at its subscription price. Refused (never ignored) past 19 lines, past 19 of one item
 * (its plain and subscription lines together), or past `available` stock when given.
 */
export function addItem(
  items: readonly CartItem[],
  item: CartItem,
  available?: number,
): CartResult {
  if (!Number.isInteger(item.quantity) || item.quantity < 1) {
    return { ok: false, refusal: "invalid_quantity" };
  }
  const index = items.findIndex((line) => sameLine(line, item));
  const existing = index === -1 ? undefined : items[index];
  const quantity = (existing?.quantity ?? 0) + item.quantity;
  if (!existing && items.length >= MAX_CART_LINES) return { ok: false, refusal: "cart_full" };
  if (available !== undefined && quantity > available)
    return { ok: false, refusal: "out_of_stock" };
  if (quantity + heldElsewhere(items, item) > MAX_LINE_QUANTITY) {
    return { ok: false, refusal: "line_limit" };
  }
  if (existing) {
    return {
      ok: true,
      items: items.map((line, i) => (i === index ? { ...line, quantity } : line)),
    };
  }
  const priced = item.subscription
    ? { ...item, product_price: item.subscription.subscription_price }
    : item;
  return { ok: true, items: [...items, priced] };
}

/**
 * Sets the quantity of the line matching `item` (plain or bundle); refused outside 1..19, past
 * stock, or when the item's plain and subscription lines together would pass 19.
 */
export function updateQuantity(
  items: readonly CartItem[],
  item: CartItem,
  quantity: number,
  available?: number,
): CartResult {
  if (!validQuantity(quantity)) return { ok: false, refusal: "invalid_quantity" };
  if (available !== undefined && quantity > available)
    return { ok: false, refusal: "out_of_stock" };
  if (quantity + heldElsewhere(items, item) > MAX_LINE_QUANTITY) {
    return { ok: false, refusal: "line_limit" };
  }
  return {
    ok: true,
    items: items.map((line) => (sameLine(line, item) ? { ...line, quantity } : line)),
  };
}

export function removeItem(items: readonly CartItem[], item: CartItem): CartItem[] {
  return items.filter((line) => !sameLine(line, item));
}

export function subtotal(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + lineTotal(item), 0);
}

/**
 * The discount on a subtotal (spec section 5): none when absent or max_redemptions < 1; a
 * percentage capped by max_redeemable_amount; else the fixed amount; never more than the subtotal.
 * @example discountAmount(10000, { max_redemptions: 5, discount_percentage: 10 }) // 1000
 */
export function discountAmount(
  subtotalMinor: number,
  discount: Discount | null | undefined,
): number {
  if (!discount || discount.max_redemptions < 1 || subtotalMinor <= 0) return 0;
  let amount = 0;
  if (discount.discount_percentage) {
    amount = Math.round((subtotalMinor * discount.discount_percentage) / 100);
    if (discount.max_redeemable_amount != null) {
      amount = Math.min(amount, discount.max_redeemable_amount);
    }
  } else if (discount.discount_amount) {
    amount = discount.discount_amount;
  }
  return Math.max(0, Math.min(amount, subtotalMinor));
}

export interface CartTotals {
  subtotal: number;
  discount: number;
  total: number;
}

/** Totals of a cart: recalculated on every change of items or discount. */
export function cartTotals(items: readonly CartItem[], discount?: Discount | null): CartTotals {
  const sub = subtotal(items);
  const off = discountAmount(sub, discount);
  return { subtotal: sub, discount: off, total: sub - off };
}

/**
 * What is left to spend, after the discount, to ship free at the store's threshold for the cart's
 * country (0 once reached); null when that country never ships free.
 * @example freeShippingRemaining(14_000, 14_900) // 900
 */
export function freeShippingRemaining(
  afterDiscount: number,
  threshold: number | null,
): number | null {
  if (threshold === null) return null;
  return Math.max(0, threshold - afterDiscount);
}

/** Cart status (spec section 4): empty → active → purchased; abandoned only from active. */
export const CART_STATUSES = ["empty", "active", "abandoned", "purchased"] as const;
export type CartStatus = (typeof CART_STATUSES)[number];
export type CartEventType =
  | "item_added"
  | "item_quantity_updated"
  | "item_removed"
  | "cart_emptied";

/** The status after a cart event or a page visit: anything but a purchased cart becomes active. */
export function statusAfterActivity(status: CartStatus): CartStatus {
  return status === "purchased" ? status : "active";
}
