// What may happen to a cart: each shopper's write (add, change, remove, empty, replace, discount
// code, currency) is one writeCart transaction that applies the domain's rules.
import {
  type AddCartItem,
  addItem,
  BUNDLE_MESSAGES,
  beyondStock,
  bundleSelectionError,
  CART_MESSAGES,
  type CartItem,
  type CartRefusal,
  type CartResult,
  type CartView,
  type Currency,
  canonicalSelection,
  DomainError,
  type ErrorCode,
  lineKey,
  ONE_AT_A_TIME_MESSAGES,
  REFUSAL_MESSAGES,
  removeItem,
  statusAfterActivity,
  stockLeftFor,
  subscriptionPrice,
  updateQuantity,
} from "@storefront/domain";
import { eq } from "drizzle-orm";
import type { Database, Transaction } from "../../db/index.ts";
import { carts } from "../../db/schema.ts";
import { getCheckoutSettings } from "../stores/index.ts";
import type { PlanRow } from "../subscriptions/index.ts";
import { keyOf, readLines } from "./cart-lines.ts";
import {
  type CartEvent,
  type CartOwner,
  type CartRow,
  type Line,
  openCart,
  ownerCondition,
} from "./cart-rows.ts";
import {
  emptyView,
  itemOf,
  itemsOf,
  type PricedLine,
  readView,
  stockBySku,
  viewWithLines,
} from "./cart-view.ts";
import { insertCartWithLines, recordEvents, saveLines } from "./cart-writes.ts";
import {
  findBundle,
  findVariants,
  planOf,
  type SellableBundle,
  type SellableVariant,
} from "./sellable.ts";

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

function accepted(result: CartResult): CartItem[] {
  if (!result.ok) refuse(result.refusal);
  return result.items;
}

/**
 * Which line of a variant: the plain one (`subscriptionId` and `skusSelected` null), the one on a
 * plan, or, for a bundle's sku, the bundle line holding `skusSelected` (in any order).
 */
export interface LineRef {
  sku: string;
  subscriptionId: string | null;
  skusSelected: readonly string[] | null;
}

function notSoldIn(variant: { sku: string; title: string }, currency: Currency): DomainError {
  return new DomainError("conflict", CART_MESSAGES.notSoldIn(variant, currency));
}

/** The variant a shopper asked for, refused when it is not this store's or has no price. */
function sellable(
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
function withinStock(
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
async function addBundle(
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
function newItem(
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
function addWithinStock(items: readonly CartItem[], item: CartItem, stock: number): CartResult {
  return addItem(items, item, stockLeftFor(items, item, stock));
}

/**
 * A cart holds one of a variant that is never shipped (its stock is 1, see sellableStock): asking
 * for more is refused with that reason rather than a stock shortage.
 */
function oneOnlyIfUnshipped(
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
function diffEvents(before: readonly Line[], after: readonly CartItem[]): CartEvent[] {
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

/** What one write changes; anything left out stays as it is. */
interface CartChange {
  /** The new lines (prices from the database); omitted: the lines do not change. */
  items?: CartItem[];
  /** The variants (and plans) of lines new to the cart, by sku. */
  variants?: ReadonlyMap<string, SellableVariant>;
  /** Events to record; omitted: one per changed line. */
  events?: CartEvent[];
  currency?: Currency;
  discountCodeId?: string | null;
}

interface CartState {
  tx: Transaction;
  cart: CartRow;
  currency: Currency;
  /** Every stored line, priced in the cart's currency. */
  lines: Line[];
  /** The priced lines as the domain's cart items. */
  items: CartItem[];
}

/**
 * One cart write, in one transaction: lock (or, when `create`, open) the visitor's cart, let
 * `change` apply the domain's rules, store the lines, record the events and move the status.
 * Without a cart and without `create`, nothing is written and `absent` answers.
 */
async function writeCart(
  db: Database,
  owner: CartOwner,
  options: { create: boolean; absent?: () => CartView },
  change: (state: CartState) => Promise<CartChange> | CartChange,
): Promise<CartView> {
  // The store's shipping rules are kept outside transactions: read before this one opens.
  const rules = await getCheckoutSettings(db, owner.storeId);
  const absent = options.absent ?? (() => emptyView(owner.currency, rules));
  if (ownerCondition(owner) === null) {
    if (options.create) throw new Error("A cart write that creates a cart needs an owner");
    return absent();
  }
  return db.transaction(async (tx) => {
    // A cart is opened by a write, so a new one starts with that activity's status.
    const opened = options.create
      ? await openCart(tx, owner, owner.currency, statusAfterActivity("empty"))
      : await openCart(tx, owner, null);
    if (!opened) return absent();
    const { cart, created } = opened;
    const lines = created ? [] : await readLines(tx, cart);
    const state = { tx, cart, currency: cart.currency, lines, items: itemsOf(lines) };
    const result = await change(state);
    const linesNow = result.items
      ? await saveLines(tx, cart, lines, result.items, result.variants ?? new Map())
      : lines;
    const events = result.events ?? (result.items ? diffEvents(lines, result.items) : []);
    await recordEvents(tx, cart, events);
    const settings = {
      ...(result.currency ? { currency: result.currency } : {}),
      ...(result.discountCodeId !== undefined ? { discountCodeId: result.discountCodeId } : {}),
    };
    // A cart opened by this write already has its status and time.
    const updated =
      created && Object.keys(settings).length === 0
        ? cart
        : await touch(tx, cart, { status: statusAfterActivity(cart.status), ...settings });
    // Another currency prices every line again; otherwise the lines are as just written.
    return result.currency
      ? readView(tx, updated, rules)
      : viewWithLines(tx, updated, linesNow, rules);
  });
}

/**
 * Stores a write's activity (status, time) and settings on the cart, and answers the new row. An
 * abandoned cart the shopper is back in is no longer abandoned.
 */
async function touch(
  tx: Transaction,
  cart: CartRow,
  set: Pick<Partial<CartRow>, "status" | "currency" | "discountCodeId">,
): Promise<CartRow> {
  const [updated] = await tx
    .update(carts)
    .set({ ...set, abandonedAt: null, updatedAt: new Date() })
    .where(eq(carts.id, cart.id))
    .returning();
  if (!updated) throw new Error("The cart disappeared during its own transaction");
  return updated;
}

function lineOf(state: CartState, ref: LineRef): PricedLine {
  const key = lineKey({
    sku: ref.sku,
    subscription: ref.subscriptionId === null ? null : { subscription_id: ref.subscriptionId },
    skus_selected: ref.skusSelected,
  });
  const line = state.lines.find((l) => keyOf(l) === key);
  if (!line || line.price === null) throw new DomainError("not_found", CART_MESSAGES.lineNotFound);
  return { ...line, price: line.price };
}

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
