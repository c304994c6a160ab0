import {
  type AddCartItem,
  addItem,
  type CartEventType,
  type CartItem,
  type CartMerge,
  type CartRefusal,
  type CartResult,
  type CartView,
  type Currency,
  cartTotals,
  DomainError,
  type ErrorCode,
  freeShippingRemaining,
  lineKey,
  lineTotal,
  REFUSAL_MESSAGES,
  removeItem,
  SUBSCRIPTION_MESSAGES,
  statusAfterActivity,
  stockLeftFor,
  subscriptionPrice,
  updateQuantity,
} from "@storefront/domain";
import { and, asc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/index.ts";
import {
  cartEvents,
  cartLines,
  carts,
  products,
  subscriptionPlans,
  variantPrices,
  variants,
} from "../../db/schema.ts";
import {
  type DiscountCode,
  discountInCurrency,
  findActiveCode,
  findRedeemableCode,
} from "../discounts/service.ts";
import { type PlanRow, planView, readPlans } from "../subscriptions/service.ts";

export const PRODUCT_NOT_FOUND_MESSAGE = "Product not found";
export const LINE_NOT_FOUND_MESSAGE = "This item is not in your cart";

/**
 * Whose cart: the request's store and either the signed-in account (`userId`) or the guest's
 * session (null: the visitor has none yet), and the currency a new cart starts in (or an empty
 * answer is shown in). While signed in the cart is the account's, whatever the session.
 */
export interface CartOwner {
  storeId: string;
  userId: string | null;
  sessionId: string | null;
  currency: Currency;
}

/** The owner's column in `carts`: the account when signed in, else the session; null: neither. */
function ownerCondition(owner: Pick<CartOwner, "userId" | "sessionId">): SQL | null {
  if (owner.userId !== null) return eq(carts.userId, owner.userId);
  if (owner.sessionId !== null) return eq(carts.sessionId, owner.sessionId);
  return null;
}

type CartRow = typeof carts.$inferSelect;

/** A stored line with what the rules and the view need, priced in the cart's currency. */
interface Line {
  id: string;
  variantId: string;
  productId: string;
  sku: string;
  quantity: number;
  position: number;
  /** The plan of a subscription line; null: a one-time purchase. */
  plan: PlanRow | null;
  /**
   * The unit price: the plan's price for a subscription line. null: the variant has no price in
   * the cart's currency (it is not shown or sold in it).
   */
  price: number | null;
  stock: number;
  handle: string;
  title: string;
  attributes: Record<string, string>;
  imageUrls: string[];
}

interface CartEvent {
  type: CartEventType;
  sku: string | null;
  quantity: number | null;
}

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

/** The owner's open (not purchased) cart in this store, if any. */
async function findOpenCart(db: Database, owner: CartOwner): Promise<CartRow | undefined> {
  const byOwner = ownerCondition(owner);
  if (!byOwner) return undefined;
  const [row] = await db
    .select()
    .from(carts)
    .where(and(eq(carts.storeId, owner.storeId), byOwner, ne(carts.status, "purchased")));
  return row;
}

/**
 * The open cart locked for this transaction, created when `create` allows. The row lock makes
 * concurrent writes to one cart take turns, so the rules always see the current lines.
 */
async function lockCart(
  tx: Database,
  owner: Pick<CartOwner, "storeId" | "userId" | "sessionId">,
  currency: Currency | null,
): Promise<CartRow | undefined> {
  const byOwner = ownerCondition(owner);
  if (!byOwner) return undefined;
  const openCart = () =>
    tx
      .select()
      .from(carts)
      .where(and(eq(carts.storeId, owner.storeId), byOwner, ne(carts.status, "purchased")))
      .for("update");
  const [existing] = await openCart();
  if (existing || currency === null) return existing;
  // Two first writes of one owner may race: the unique index lets one insert win.
  const key =
    owner.userId !== null ? { userId: owner.userId } : { sessionId: owner.sessionId ?? "" };
  await tx
    .insert(carts)
    .values({ storeId: owner.storeId, ...key, currency })
    .onConflictDoNothing();
  const [created] = await openCart();
  return created;
}

async function readLines(db: Database, cart: CartRow): Promise<Line[]> {
  const rows = await db
    .select({
      id: cartLines.id,
      variantId: cartLines.variantId,
      productId: variants.productId,
      sku: variants.sku,
      quantity: cartLines.quantity,
      position: cartLines.position,
      price: variantPrices.amount,
      stock: variants.stock,
      handle: products.handle,
      title: products.title,
      attributes: variants.attributes,
      imageUrls: variants.imageUrls,
      plan: subscriptionPlans,
    })
    .from(cartLines)
    .innerJoin(variants, eq(variants.id, cartLines.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .leftJoin(
      variantPrices,
      and(eq(variantPrices.variantId, variants.id), eq(variantPrices.currency, cart.currency)),
    )
    .leftJoin(subscriptionPlans, eq(subscriptionPlans.id, cartLines.planId))
    .where(and(eq(cartLines.cartId, cart.id), eq(cartLines.storeId, cart.storeId)))
    .orderBy(asc(cartLines.position), asc(cartLines.addedAt));
  return rows.map((r) => ({
    ...r,
    price:
      r.price !== null && r.plan ? subscriptionPrice(r.price, r.plan.discountPercentage) : r.price,
  }));
}

type PricedLine = Line & { price: number };

/** A line as the domain's cart item: a subscription line carries its plan's code and price. */
function itemOf(line: PricedLine): CartItem {
  const item: CartItem = { sku: line.sku, quantity: line.quantity, product_price: line.price };
  if (!line.plan) return item;
  return {
    ...item,
    subscription: { subscription_id: line.plan.code, subscription_price: line.price },
  };
}

/** A stored line's identity, as the domain's lineKey reads a cart item. */
function keyOf(line: Line): string {
  return lineKey({
    sku: line.sku,
    subscription: line.plan ? { subscription_id: line.plan.code } : null,
  });
}

function pricedLines(lines: readonly Line[]): PricedLine[] {
  return lines.flatMap((l) => (l.price === null ? [] : [{ ...l, price: l.price }]));
}

/** The lines the rules work on: priced in the cart's currency, the price read from the database. */
function itemsOf(lines: readonly Line[]): CartItem[] {
  return pricedLines(lines).map(itemOf);
}

interface SellableVariant {
  id: string;
  productId: string;
  sku: string;
  title: string;
  stock: number;
  price: number | null;
  /** The product's subscription plans. */
  plans: PlanRow[];
}

/** Which line of a variant: the plain one (`subscriptionId` null) or the one on a plan. */
export interface LineRef {
  sku: string;
  subscriptionId: string | null;
}

/**
 * This store's published variants by sku, priced in `currency`, with their products' plans;
 * another store's sku is absent.
 */
async function findVariants(
  db: Database,
  storeId: string,
  skus: readonly string[],
  currency: Currency,
): Promise<Map<string, SellableVariant>> {
  if (skus.length === 0) return new Map();
  const rows = await db
    .select({
      id: variants.id,
      productId: variants.productId,
      sku: variants.sku,
      title: products.title,
      stock: variants.stock,
      price: variantPrices.amount,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .leftJoin(
      variantPrices,
      and(eq(variantPrices.variantId, variants.id), eq(variantPrices.currency, currency)),
    )
    .where(
      and(
        eq(variants.storeId, storeId),
        eq(products.storeId, storeId),
        eq(products.published, true),
        inArray(variants.sku, [...new Set(skus)]),
      ),
    );
  const plans = await readPlans(
    db,
    storeId,
    rows.map((r) => r.productId),
  );
  return new Map(
    rows.map((r) => [r.sku, { ...r, plans: plans.filter((p) => p.productId === r.productId) }]),
  );
}

function notSoldIn(variant: { sku: string; title: string }, currency: Currency): DomainError {
  return new DomainError(
    "conflict",
    `${variant.title} (${variant.sku}) is not available in ${currency.toUpperCase()}`,
  );
}

/** The variant a shopper asked for, refused when it is not this store's or has no price. */
function sellable(
  found: Map<string, SellableVariant>,
  sku: string,
  currency: Currency,
): SellableVariant & { price: number } {
  const variant = found.get(sku);
  if (!variant) throw new DomainError("not_found", PRODUCT_NOT_FOUND_MESSAGE);
  const { price } = variant;
  if (price === null) throw notSoldIn(variant, currency);
  return { ...variant, price };
}

/** The plan of `variant`'s product named by `subscriptionId` (its code); 404 when none. */
function planOf(variant: SellableVariant, subscriptionId: string): PlanRow {
  const plan = variant.plans.find((p) => p.code === subscriptionId);
  if (!plan) throw new DomainError("not_found", SUBSCRIPTION_MESSAGES.planNotFound);
  return plan;
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

/**
 * Writes the new lines over the stored ones (order = position); `found` holds the variants (and
 * plans) of lines new to the cart.
 */
async function saveLines(
  tx: Database,
  cart: CartRow,
  before: readonly Line[],
  after: readonly CartItem[],
  found: ReadonlyMap<string, SellableVariant>,
): Promise<void> {
  const beforeByKey = new Map(before.map((l) => [keyOf(l), l]));
  const afterKeys = new Set(after.map(lineKey));
  const gone = before.filter((l) => !afterKeys.has(keyOf(l))).map((l) => l.id);
  if (gone.length > 0) {
    await tx
      .delete(cartLines)
      .where(and(eq(cartLines.cartId, cart.id), inArray(cartLines.id, gone)));
  }
  for (const [position, item] of after.entries()) {
    const old = beforeByKey.get(lineKey(item));
    if (!old) {
      const variant = found.get(item.sku);
      if (!variant) throw new Error(`No variant for ${item.sku}`);
      await tx.insert(cartLines).values({
        cartId: cart.id,
        storeId: cart.storeId,
        variantId: variant.id,
        planId: item.subscription ? planOf(variant, item.subscription.subscription_id).id : null,
        quantity: item.quantity,
        position,
      });
    } else if (old.quantity !== item.quantity || old.position !== position) {
      await tx
        .update(cartLines)
        .set({ quantity: item.quantity, position })
        .where(and(eq(cartLines.cartId, cart.id), eq(cartLines.id, old.id)));
    }
  }
}

function emptyView(currency: Currency): CartView {
  const totals = cartTotals([]);
  return {
    currency,
    cartItems: [],
    activeDiscount: null,
    subtotal: totals.subtotal,
    discount: totals.discount,
    totalCost: totals.total,
    freeShippingRemaining: freeShippingRemaining(totals.total, currency),
    itemCount: 0,
    status: "empty",
  };
}

async function readView(db: Database, cart: CartRow): Promise<CartView> {
  const currency = cart.currency;
  const [lines, code] = await Promise.all([
    readLines(db, cart),
    cart.discountCodeId ? findActiveCode(db, cart.storeId, cart.discountCodeId) : null,
  ]);
  const priced = pricedLines(lines);
  const items = priced.map(itemOf);
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
      total_stock: l.stock,
      subscription: l.plan ? { ...planView(l.plan), subscription_price: l.price } : null,
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
    freeShippingRemaining: freeShippingRemaining(totals.total, currency),
    itemCount: items.reduce((sum, i) => sum + i.quantity, 0),
    status: cart.status,
  };
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
  tx: Database;
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
  const absent = options.absent ?? (() => emptyView(owner.currency));
  if (ownerCondition(owner) === null) {
    if (options.create) throw new Error("A cart write that creates a cart needs an owner");
    return absent();
  }
  return db.transaction(async (tx) => {
    const cart = await lockCart(tx, owner, options.create ? owner.currency : null);
    if (!cart) return absent();
    const lines = await readLines(tx, cart);
    const state = { tx, cart, currency: cart.currency, lines, items: itemsOf(lines) };
    const result = await change(state);
    if (result.items) {
      await saveLines(tx, cart, lines, result.items, result.variants ?? new Map());
    }
    const events = result.events ?? (result.items ? diffEvents(lines, result.items) : []);
    if (events.length > 0) {
      await tx
        .insert(cartEvents)
        .values(events.map((e) => ({ ...e, storeId: cart.storeId, cartId: cart.id })));
    }
    const [updated] = await tx
      .update(carts)
      .set({
        status: statusAfterActivity(cart.status),
        updatedAt: new Date(),
        ...(result.currency ? { currency: result.currency } : {}),
        ...(result.discountCodeId !== undefined ? { discountCodeId: result.discountCodeId } : {}),
      })
      .where(eq(carts.id, cart.id))
      .returning();
    if (!updated) throw new Error("The cart disappeared during its own transaction");
    return readView(tx, updated);
  });
}

function lineOf(state: CartState, ref: LineRef): PricedLine {
  const key = lineKey({
    sku: ref.sku,
    subscription: ref.subscriptionId === null ? null : { subscription_id: ref.subscriptionId },
  });
  const line = state.lines.find((l) => keyOf(l) === key);
  if (!line || line.price === null) throw new DomainError("not_found", LINE_NOT_FOUND_MESSAGE);
  return { ...line, price: line.price };
}

/** A cart as checkout reads it: its row, its priced lines and its code, with the cart's totals. */
export interface CheckoutCart {
  cart: CartRow;
  currency: Currency;
  lines: PricedLine[];
  code: DiscountCode | null;
  subtotal: number;
  discount: number;
}

/**
 * The owner's open cart for checkout, or null when there is none or it has no line priced in its
 * currency. With `tx`, the cart row is locked for the transaction.
 */
export async function readCheckoutCart(
  db: Database,
  owner: CartOwner,
  lock = false,
): Promise<CheckoutCart | null> {
  const cart = lock ? await lockCart(db, owner, null) : await findOpenCart(db, owner);
  if (!cart) return null;
  const currency = cart.currency;
  const [lines, code] = await Promise.all([
    readLines(db, cart),
    cart.discountCodeId ? findActiveCode(db, cart.storeId, cart.discountCodeId) : null,
  ]);
  const priced = pricedLines(lines);
  if (priced.length === 0) return null;
  const totals = cartTotals(priced.map(itemOf), code ? discountInCurrency(code, currency) : null);
  return {
    cart,
    currency,
    lines: priced,
    code,
    subtotal: totals.subtotal,
    discount: totals.discount,
  };
}

/**
 * Checkout's last step: the order's lines leave the cart. The cart is then purchased (the next
 * add opens a new one), unless the shopper added something while the payment was under way: those
 * lines stay, in a cart that stays open.
 */
export async function markCartPurchased(
  tx: Database,
  storeId: string,
  cartId: string,
  orderId: string,
): Promise<void> {
  await tx.execute(sql`
    delete from cart_lines cl
    where cl.cart_id = ${cartId} and cl.store_id = ${storeId}
      and exists (
        select 1 from order_lines ol
        where ol.order_id = ${orderId} and ol.variant_id = cl.variant_id
          and ol.plan_id is not distinct from cl.plan_id
      )`);
  await tx
    .update(carts)
    .set({
      status: sql`case when exists (select 1 from cart_lines where cart_id = ${cartId}) then 'active' else 'purchased' end`,
      updatedAt: new Date(),
    })
    .where(and(eq(carts.id, cartId), eq(carts.storeId, storeId)));
}

/** The owner's cart in this store; without an owner or cart, an empty one (nothing written). */
export async function getCart(db: Database, owner: CartOwner): Promise<CartView> {
  const cart = await findOpenCart(db, owner);
  return cart ? readView(db, cart) : emptyView(owner.currency);
}

/**
 * Adds a variant of this store at its database price, bought once or, with `subscription_id`
 * (a plan's code), on that plan at the plan's price: two different lines. Refused past the
 * domain's limits, or past the stock that the variant's other lines leave.
 */
export function addCartItem(
  db: Database,
  owner: CartOwner,
  { sku, quantity, subscription_id }: AddCartItem,
): Promise<CartView> {
  return writeCart(db, owner, { create: true }, async (state) => {
    const found = await findVariants(state.tx, owner.storeId, [sku], state.currency);
    const variant = sellable(found, sku, state.currency);
    const plan = subscription_id === undefined ? null : planOf(variant, subscription_id);
    const items = accepted(
      addWithinStock(state.items, newItem(variant, quantity, plan), variant.stock),
    );
    return {
      items,
      variants: found,
      // Adding to a line that exists is still an add of `quantity`, not a quantity edit.
      events: [
        ...diffEvents(state.lines, items).filter((e) => e.sku !== sku),
        { type: "item_added", sku, quantity },
      ],
    };
  });
}

/** Changing or removing a line needs a cart that holds it: without a cart, the line is not found. */
const LINE_MUST_EXIST = {
  create: false,
  absent: (): never => {
    throw new DomainError("not_found", LINE_NOT_FOUND_MESSAGE);
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
    const available = stockLeftFor(state.items, item, line.stock);
    return { items: accepted(updateQuantity(state.items, item, quantity, available)) };
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

/**
 * Replaces the cart wholesale with `entries` (POST metrics/cart-items). Only sku, quantity and
 * the plan's code are read: prices come from the database, whatever the client sent. A cart that
 * breaks the limits or stock (or names a plan the product does not offer) is refused as a whole
 * with the same messages as an add.
 */
export function replaceCart(
  db: Database,
  owner: CartOwner,
  entries: readonly (LineRef & { quantity: number })[],
): Promise<CartView> {
  return writeCart(db, owner, { create: entries.length > 0 }, async (state) => {
    const found = await findVariants(
      state.tx,
      owner.storeId,
      entries.map((e) => e.sku),
      state.currency,
    );
    // The domain's replaceItems is addItem from an empty cart without stock; folding addItem with
    // each variant's stock applies the same rules and the stock check (a repeated sku adds up).
    let items: CartItem[] = [];
    for (const { sku, subscriptionId, quantity } of entries) {
      const variant = sellable(found, sku, state.currency);
      const plan = subscriptionId === null ? null : planOf(variant, subscriptionId);
      items = accepted(addWithinStock(items, newItem(variant, quantity, plan), variant.stock));
    }
    const emptied = items.length === 0 && state.lines.length > 0;
    return {
      items,
      variants: found,
      ...(emptied ? { events: [{ type: "cart_emptied", sku: null, quantity: null }] } : {}),
    };
  });
}

/** Applies a code of this store (case-insensitive) to the cart, opening one if needed. */
export function applyDiscountCode(db: Database, owner: CartOwner, code: string): Promise<CartView> {
  return writeCart(db, owner, { create: true }, async (state) => {
    const row: DiscountCode = await findRedeemableCode(
      state.tx,
      owner.storeId,
      code,
      state.currency,
      owner.userId,
    );
    return { discountCodeId: row.id };
  });
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
    );
    for (const line of state.lines) {
      const variant = found.get(line.sku);
      if (variant?.price == null) throw notSoldIn(line, currency);
    }
    return { currency };
  });
}

/**
 * On sign-in or registration: adds each line of the guest's cart into the account's cart with the
 * domain's addItem (19 lines, 19 of one, stock), priced in the account cart's currency. A line
 * that cannot join is reported with the rule's message, never dropped silently. The guest cart is
 * then deleted. The account's cart is opened (in the guest cart's currency) only when needed; an
 * account cart without a code takes the guest cart's code.
 */
export async function mergeGuestCart(
  db: Database,
  storeId: string,
  sessionId: string | null,
  userId: string,
): Promise<CartMerge> {
  const nothing: CartMerge = { merged: 0, notMerged: [] };
  if (sessionId === null) return nothing;
  return db.transaction(async (tx) => {
    const guest = await lockCart(tx, { storeId, userId: null, sessionId }, null);
    if (!guest) return nothing;
    const guestLines = await readLines(tx, guest);
    if (guestLines.length === 0) {
      await tx.delete(carts).where(eq(carts.id, guest.id));
      return nothing;
    }
    const cart = await lockCart(tx, { storeId, userId, sessionId: null }, guest.currency);
    if (!cart) throw new Error("The account's cart could not be opened");
    const currency = cart.currency;
    const lines = await readLines(tx, cart);
    const found = await findVariants(
      tx,
      storeId,
      guestLines.map((l) => l.sku),
      currency,
    );
    let items = itemsOf(lines);
    const events: CartEvent[] = [];
    const notMerged: CartMerge["notMerged"] = [];
    for (const line of guestLines) {
      const refused = (message: string) =>
        notMerged.push({
          sku: line.sku,
          title: line.title,
          quantity: line.quantity,
          subscription: line.plan
            ? { subscription_id: line.plan.code, label: line.plan.label }
            : null,
          message,
        });
      const variant = found.get(line.sku);
      if (!variant) {
        refused(PRODUCT_NOT_FOUND_MESSAGE);
        continue;
      }
      if (variant.price === null) {
        refused(notSoldIn(variant, currency).message);
        continue;
      }
      const result = addWithinStock(
        items,
        newItem({ ...variant, price: variant.price }, line.quantity, line.plan),
        variant.stock,
      );
      if (!result.ok) {
        refused(REFUSAL_MESSAGES[result.refusal]);
        continue;
      }
      items = result.items;
      events.push({ type: "item_added", sku: line.sku, quantity: line.quantity });
    }
    if (events.length > 0) {
      await saveLines(tx, cart, lines, items, found);
      await tx.insert(cartEvents).values(events.map((e) => ({ ...e, storeId, cartId: cart.id })));
    }
    await tx
      .update(carts)
      .set({
        status: events.length > 0 ? statusAfterActivity(cart.status) : cart.status,
        updatedAt: new Date(),
        discountCodeId: cart.discountCodeId ?? guest.discountCodeId,
      })
      .where(eq(carts.id, cart.id));
    await tx.delete(carts).where(eq(carts.id, guest.id));
    return { merged: events.length, notMerged };
  });
}
