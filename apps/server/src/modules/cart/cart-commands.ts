// What may happen to a cart: each shopper's write (add, change, remove, empty, replace, discount
// code, currency) is one writeCart transaction that applies the domain's rules.
import {
  type AddCartItem,
  BUNDLE_MESSAGES,
  CART_MESSAGES,
  type CartItem,
  type CartView,
  type Currency,
  DomainError,
  type LineRef,
  removeItem,
  statusAfterActivity,
  stockLeftFor,
  updateQuantity,
} from "@storefront/domain";
import type { Database, Transaction } from "../../db/index.ts";
import { getCheckoutSettings } from "../stores/index.ts";
import type { CartOwner } from "./cart-rows.ts";
import {
  accepted,
  addBundle,
  addWithinStock,
  diffEvents,
  newItem,
  notSoldIn,
  oneOnlyIfUnshipped,
  sellable,
  withinStock,
} from "./cart-rules.ts";
import { itemOf, stockBySku, viewWithLines } from "./cart-view.ts";
import { insertCartWithLines } from "./cart-writes.ts";
import { findVariants, planOf, type SellableVariant } from "./sellable.ts";
import { lineOf, writeCart } from "./write-cart.ts";

/**
 * The cart's items after adding `add` to `cart`'s: the variant read in the cart's currency, the
 * plan named, and the domain's limits and the stock applied (a refusal throws).
 */
async function itemsAfterAdd(
  db: Database,
  owner: Pick<CartOwner, "storeId" | "userId">,
  cart: { currency: Currency; items: readonly CartItem[] },
  { sku, quantity, subscription_id, bundle_id, skus_selected }: AddCartItem,
): Promise<{ items: CartItem[]; found: Map<string, SellableVariant>; item: CartItem }> {
  if (bundle_id !== undefined) {
    return addBundle(db, owner, cart, { bundleId: bundle_id, skus: skus_selected ?? [], quantity });
  }
  // The schema lets through exactly one of sku and bundle_id.
  if (sku === undefined) throw new DomainError("invalid", BUNDLE_MESSAGES.skuOrBundle);
  const found = await findVariants(db, owner.storeId, [sku], cart.currency, owner.userId);
  const variant = sellable(found, sku, cart.currency);
  const plan = subscription_id === undefined ? null : planOf(variant, subscription_id);
  const item = newItem(variant, quantity, plan);
  const result = addWithinStock(cart.items, item, variant.stock);
  if (!result.ok && result.refusal === "out_of_stock") oneOnlyIfUnshipped(variant, quantity);
  return { items: accepted(result), found, item };
}

/**
 * Adds a variant of this store at its database price, bought once or, with `subscription_id`
 * (a plan's code), on that plan at the plan's price: two different lines. Refused past the
 * domain's limits, or past the stock that the variant's other lines leave.
 */
export function addCartItem(db: Database, owner: CartOwner, add: AddCartItem): Promise<CartView> {
  if (owner.newSession === true && owner.userId === null && owner.sessionId !== null) {
    return addToNewCart(db, { ...owner, sessionId: owner.sessionId }, add);
  }
  return writeCart(db, owner, { create: true }, async (state) => {
    const { items, found, item } = await itemsAfterAdd(state.tx, owner, state, add);
    return {
      items,
      variants: found,
      // Adding to a line that exists is still an add of `quantity`, not a quantity edit.
      events: [
        ...diffEvents(state.lines, items).filter((e) => e.sku !== item.sku),
        { type: "item_added", sku: item.sku, quantity: add.quantity },
      ],
    };
  });
}

/**
 * The first add of a session made by this request, which cannot have a cart: the same rules as
 * any add, on an empty cart; then the cart, its line and the event are stored by one statement,
 * with no transaction (no other request can know the session), in two round trips in all.
 */
async function addToNewCart(
  db: Database,
  owner: CartOwner & { sessionId: string },
  add: AddCartItem,
): Promise<CartView> {
  const empty = { currency: owner.currency, items: [] };
  const [{ items, found, item }, rules] = await Promise.all([
    itemsAfterAdd(db, owner, empty, add),
    getCheckoutSettings(db, owner.storeId),
  ]);
  const { cart, lines } = await insertCartWithLines(
    db,
    {
      storeId: owner.storeId,
      sessionId: owner.sessionId,
      currency: owner.currency,
      status: statusAfterActivity("empty"),
    },
    items,
    found,
    [{ type: "item_added", sku: item.sku, quantity: add.quantity }],
  );
  return viewWithLines(db, cart, lines, rules);
}

/** Changing or removing a line needs a cart that holds it: without a cart, the line is not found. */
const LINE_MUST_EXIST = {
  create: false,
  absent: (): never => {
    throw new DomainError("not_found", CART_MESSAGES.lineNotFound);
  },
};

/** Sets a line's quantity (1 to 19, and the stock the variant's other lines leave). */
export function updateCartItem(
  db: Database,
  owner: CartOwner,
  ref: LineRef,
  quantity: number,
): Promise<CartView> {
  return writeCart(db, owner, LINE_MUST_EXIST, (state) => {
    const line = lineOf(state, ref);
    const item = itemOf(line);
    if (line.bundle) {
      // A bundle's stock is its contents': each must cover every line that holds it.
      const items = accepted(updateQuantity(state.items, item, quantity));
      const stock = stockBySku(state.lines);
      withinStock(items, line.bundle.skus, (sku) => stock.get(sku) ?? 0);
      return { items };
    }
    const available = stockLeftFor(state.items, item, line.stock);
    const result = updateQuantity(state.items, item, quantity, available);
    if (!result.ok && result.refusal === "out_of_stock") oneOnlyIfUnshipped(line, quantity);
    return { items: accepted(result) };
  });
}

/** Removes a line. */
export function removeCartItem(db: Database, owner: CartOwner, ref: LineRef): Promise<CartView> {
  return writeCart(db, owner, LINE_MUST_EXIST, (state) => ({
    items: removeItem(state.items, itemOf(lineOf(state, ref))),
  }));
}

/** Empties the cart (one cart_emptied event); the code and currency stay. */
export function clearCart(db: Database, owner: CartOwner): Promise<CartView> {
  return writeCart(db, owner, { create: false }, () => ({
    items: [],
    events: [{ type: "cart_emptied", sku: null, quantity: null }],
  }));
}

/** A line of POST metrics/cart-items: a variant's (plain or on a plan) or a bundle's. */
export type ReplaceEntry =
  | { sku: string; subscriptionId: string | null; quantity: number; bundleId?: undefined }
  | { bundleId: string; skusSelected: readonly string[]; quantity: number };

/**
 * Replaces the cart wholesale with `entries` (POST metrics/cart-items). Only sku, quantity, the
 * plan's code and a bundle's id and chosen skus are read: prices come from the database, whatever
 * the client sent. A cart that breaks the limits or stock (or names a plan the product does not
 * offer, or a bundle filled wrongly) is refused as a whole with the same messages as an add.
 */
export function replaceCart(
  db: Database,
  owner: CartOwner,
  entries: readonly ReplaceEntry[],
): Promise<CartView> {
  return writeCart(db, owner, { create: entries.length > 0 }, async (state) => {
    const found = await findVariants(
      state.tx,
      owner.storeId,
      entries.flatMap((e) => (e.bundleId === undefined ? [e.sku] : [])),
      state.currency,
      owner.userId,
    );
    // Replacing is adding each line to an empty cart with its variant's stock: the same rules and
    // the same stock check (a repeated sku adds up; a bundle's contents share their stock).
    let items: CartItem[] = [];
    for (const entry of entries) {
      if (entry.bundleId !== undefined) {
        const cart = { currency: state.currency, items };
        const bundle = {
          bundleId: entry.bundleId,
          skus: entry.skusSelected,
          quantity: entry.quantity,
        };
        const added = await addBundle(state.tx, owner, cart, bundle);
        items = added.items;
        for (const [sku, variant] of added.found) found.set(sku, variant);
        continue;
      }
      const variant = sellable(found, entry.sku, state.currency);
      const plan = entry.subscriptionId === null ? null : planOf(variant, entry.subscriptionId);
      const item = newItem(variant, entry.quantity, plan);
      items = accepted(addWithinStock(items, item, variant.stock));
    }
    const emptied = items.length === 0 && state.lines.length > 0;
    return {
      items,
      variants: found,
      ...(emptied ? { events: [{ type: "cart_emptied", sku: null, quantity: null }] } : {}),
    };
  });
}

/**
 * Applies the code `choose` picks (its id), in the cart's transaction with the cart and its
 * currency at hand, opening a cart if needed.
 */
export function setCartCode(
  db: Database,
  owner: CartOwner,
  choose: (cart: { tx: Transaction; currency: Currency }) => Promise<string>,
): Promise<CartView> {
  return writeCart(db, owner, { create: true }, async (state) => ({
    discountCodeId: await choose(state),
  }));
}

export function removeDiscountCode(db: Database, owner: CartOwner): Promise<CartView> {
  return writeCart(db, owner, { create: false }, () => ({ discountCodeId: null }));
}

/**
 * Switches the cart to `currency`: every line is then priced from that currency's price in the
 * database; refused, naming the item, when a line's variant has no price in it. Without a cart
 * the answer is an empty cart in that currency.
 */
export function setCartCurrency(
  db: Database,
  owner: CartOwner,
  currency: Currency,
): Promise<CartView> {
  return writeCart(db, { ...owner, currency }, { create: false }, async (state) => {
    const found = await findVariants(
      state.tx,
      owner.storeId,
      state.lines.map((l) => l.sku),
      currency,
      owner.userId,
    );
    for (const line of state.lines) {
      const variant = found.get(line.sku);
      if (variant?.price == null) throw notSoldIn(line, currency);
    }
    return { currency };
  });
}
