// How a cart is stored: finding and locking the owner's cart, reading its lines, finding the
// variants a write names, and writing lines and events. No rules here: the commands decide.
import { randomUUID } from "node:crypto";
import {
  BUNDLE_MESSAGES,
  type CartEventType,
  type CartItem,
  type Currency,
  canonicalSelection,
  countSkus,
  DomainError,
  lineKey,
  SUBSCRIPTION_MESSAGES,
  subscriptionPrice,
} from "@storefront/domain";
import {
  and,
  asc,
  type Column,
  eq,
  inArray,
  isNotNull,
  ne,
  type Placeholder,
  type SQL,
  sql,
} from "drizzle-orm";
import { compiled, compiledShapes, rowPlaceholder, rowValues } from "../../db/compiled.ts";
import { type Database, readTogether, type Transaction } from "../../db/index.ts";
import {
  bundleChoices,
  cartEvents,
  cartLines,
  carts,
  products,
  sellableStock,
  sellingPrice,
  subscriptionPlans,
  users,
  variantPrices,
  variants,
} from "../../db/schema.ts";
import type { PlanRow } from "../subscriptions/index.ts";

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
  /**
   * The guest session id was made for this request (the visitor had none), so no cart can be
   * kept under it yet: a write goes straight to creating one.
   */
  newSession?: boolean;
}

/** The owner's column in `carts` and its value: the account when signed in, else the session. */
function ownerKey(
  owner: Pick<CartOwner, "userId" | "sessionId">,
): { by: "userId" | "sessionId"; key: string } | null {
  if (owner.userId !== null) return { by: "userId", key: owner.userId };
  if (owner.sessionId !== null) return { by: "sessionId", key: owner.sessionId };
  return null;
}

/** The owner's column in `carts`: the account when signed in, else the session; null: neither. */
export function ownerCondition(owner: Pick<CartOwner, "userId" | "sessionId">): SQL | null {
  const whose = ownerKey(owner);
  return whose ? eq(carts[whose.by], whose.key) : null;
}

export type CartRow = typeof carts.$inferSelect;

/** A stored line with what the rules and the view need, priced in the cart's currency. */
export interface Line {
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
  /** The stock a shopper can buy (sellableStock). */
  stock: number;
  /** False for what is never shipped: the cart holds one, checkout asks no street address. */
  requiresShipping: boolean;
  handle: string;
  title: string;
  attributes: Record<string, string>;
  imageUrls: string[];
  /** A bundle line's chosen variants, one per slot, sorted by sku; null for any other line. */
  bundle: LineBundle | null;
}

/** What a bundle line holds: its chosen variants, one per slot. */
export interface LineBundle {
  /** The bundle's id: its product's handle. */
  bundleId: string;
  /** The chosen skus, one per slot, sorted (the line's skus_selected). */
  skus: string[];
  /** Each chosen variant once, with how many one bundle holds and what a shopper can buy of it. */
  contents: BundleContentVariant[];
  /** False when a chosen variant was deleted since it was chosen: the line cannot be ordered. */
  complete: boolean;
}

/** A variant a bundle holds: the API's BundleContent plus its id and stock. */
export interface BundleContentVariant {
  variantId: string;
  sku: string;
  title: string;
  attributes: Record<string, string>;
  quantity: number;
  stock: number;
}

export interface CartEvent {
  type: CartEventType;
  sku: string | null;
  quantity: number | null;
}

/**
 * The open cart locked for this transaction, created (in `currency`, with `status`) when a
 * currency is given; `created` says it is new, so it has no lines yet. The row lock makes
 * concurrent writes to one cart take turns, so the rules always see the current lines. A new
 * session has no cart to look for.
 */
export async function openCart(
  tx: Transaction,
  owner: Pick<CartOwner, "storeId" | "userId" | "sessionId" | "newSession">,
  currency: Currency | null,
  status: CartRow["status"] = "empty",
): Promise<{ cart: CartRow; created: boolean } | undefined> {
  const whose = ownerKey(owner);
  if (!whose) return undefined;
  const lockOpen = () => LOCK_OPEN_CART[whose.by](tx, { storeId: owner.storeId, key: whose.key });
  const brandNew = owner.newSession === true && owner.userId === null;
  if (!brandNew) {
    const [existing] = await lockOpen();
    if (existing) return { cart: existing, created: false };
  }
  if (currency === null) return undefined;
  // Two first writes of one owner may race: the unique index lets one insert win (its row is
  // this transaction's, so locked); the other waits for it and takes the winner's cart.
  const key =
    owner.userId !== null ? { userId: owner.userId } : { sessionId: owner.sessionId ?? "" };
  const [inserted] = await tx
    .insert(carts)
    .values({ storeId: owner.storeId, ...key, currency, status })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { cart: inserted, created: true };
  const [other] = await lockOpen();
  return other ? { cart: other, created: false } : undefined;
}

/** The owner's open cart (`key` in the owner's column `by`), as a condition on `carts`. */
const openCartOf = (by: "userId" | "sessionId", p: Record<"storeId" | "key", Placeholder>) =>
  and(eq(carts.storeId, p.storeId), eq(carts[by], p.key), ne(carts.status, "purchased"));

/** The owner's open cart, locked for the transaction, by the owner's column (ownerKey). */
const lockOpenCart = (by: "userId" | "sessionId") =>
  compiled(["storeId", "key"], (db, p) =>
    db.select().from(carts).where(openCartOf(by, p)).for("update"),
  );
const LOCK_OPEN_CART = { userId: lockOpenCart("userId"), sessionId: lockOpenCart("sessionId") };

/** As openCart, for callers that only need the cart. */
export async function lockCart(
  tx: Transaction,
  owner: Pick<CartOwner, "storeId" | "userId" | "sessionId" | "newSession">,
  currency: Currency | null,
): Promise<CartRow | undefined> {
  return (await openCart(tx, owner, currency))?.cart;
}

/**
 * Whether the account `userId` (an id, or a column such as the cart's owner) is a trade account,
 * whose prices are trade prices; never for no account.
 */
export function tradeBuyer(userId: string | null | Column | Placeholder): SQL {
  if (userId === null) return sql`false`;
  return sql`exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.userType} = 'wholesale')`;
}

/** What a stored line is read with (the variant, product, price in the cart's currency, plan). */
const LINE_COLUMNS = {
  id: cartLines.id,
  variantId: cartLines.variantId,
  productId: variants.productId,
  sku: variants.sku,
  quantity: cartLines.quantity,
  position: cartLines.position,
  // The cart's owner's price: a trade account's cart is at trade prices.
  price: sellingPrice(tradeBuyer(carts.userId)),
  stock: sellableStock,
  requiresShipping: variants.requiresShipping,
  handle: products.handle,
  title: products.title,
  attributes: variants.attributes,
  imageUrls: variants.imageUrls,
  plan: subscriptionPlans,
  selection: cartLines.selection,
};

/** A line's unit price: the plan's price for a subscription line. */
function pricedLine(line: Omit<Line, "price"> & { price: number | null }): Line {
  const { price, plan } = line;
  return {
    ...line,
    price: price !== null && plan ? subscriptionPrice(price, plan.discountPercentage) : price,
  };
}

/** The carts' read with their lines, for the cart `which` picks; compiled once per form. */
const cartRead = (which: (p: Record<"storeId" | "key", Placeholder>) => SQL | undefined) =>
  compiled(["storeId", "key"], (db, p) =>
    db
      .select({ cart: carts, ...LINE_COLUMNS })
      .from(carts)
      .leftJoin(
        cartLines,
        and(eq(cartLines.cartId, carts.id), eq(cartLines.storeId, carts.storeId)),
      )
      .leftJoin(variants, eq(variants.id, cartLines.variantId))
      .leftJoin(products, eq(products.id, variants.productId))
      .leftJoin(
        variantPrices,
        and(eq(variantPrices.variantId, variants.id), eq(variantPrices.currency, carts.currency)),
      )
      .leftJoin(subscriptionPlans, eq(subscriptionPlans.id, cartLines.planId))
      .where(which(p))
      .orderBy(asc(cartLines.position), asc(cartLines.addedAt)),
  );

/** The forms a cart is read by: `key` is its id, or its open cart's owner (ownerKey). */
const CART_READS = {
  byId: cartRead((p) => and(eq(carts.id, p.key), eq(carts.storeId, p.storeId))),
  userId: cartRead((p) => openCartOf("userId", p)),
  sessionId: cartRead((p) => openCartOf("sessionId", p)),
};

/**
 * The cart `which` picks (at most one) and its lines in order, priced in the cart's currency, in
 * one statement; undefined without such a cart.
 */
async function readCartWithLines(
  db: Database,
  which: keyof typeof CART_READS,
  storeId: string,
  key: string,
): Promise<{ cart: CartRow; lines: Line[] } | undefined> {
  const rows = await CART_READS[which](db, { storeId, key });
  const [first] = rows;
  if (!first) return undefined;
  const lines: Line[] = [];
  // A bundle line's chosen variants are read in one more statement, only when there are any.
  const chosen = await contentVariants(
    db,
    rows.flatMap((r) => r.selection ?? []),
  );
  for (const { cart: _cart, selection, ...r } of rows) {
    const { id, variantId, quantity, position, productId, sku, stock, handle, title } = r;
    const { attributes, imageUrls, requiresShipping } = r;
    // A cart without lines is one row of nulls; a line's variant and product always exist.
    if (id === null || variantId === null || quantity === null || position === null) continue;
    if (productId === null || sku === null || stock === null || handle === null) continue;
    if (title === null || attributes === null || imageUrls === null) continue;
    if (requiresShipping === null) continue;
    const line = { id, variantId, quantity, position, productId, sku, stock, handle, title };
    const bundle = bundleOf(handle, selection ?? [], chosen);
    lines.push(pricedLine({ ...r, ...line, attributes, imageUrls, requiresShipping, bundle }));
  }
  return { cart: first.cart, lines };
}

type ContentVariant = Omit<BundleContentVariant, "quantity">;

/** The variants a bundle line may hold, by id, with what a shopper can buy of each. */
async function contentVariants(
  db: Database,
  ids: readonly string[],
): Promise<Map<string, ContentVariant>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      variantId: variants.id,
      sku: variants.sku,
      title: products.title,
      attributes: variants.attributes,
      stock: sellableStock,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(inArray(variants.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.variantId, r]));
}

/**
 * A stored selection (variant ids) as the line's bundle; null for a line that is not a bundle. A
 * chosen variant deleted since is left out and the bundle is not `complete` (the selection has no
 * foreign key): it shows no stock and checkout refuses it.
 */
function bundleOf(
  handle: string,
  selection: readonly string[],
  chosen: ReadonlyMap<string, ContentVariant>,
): LineBundle | null {
  if (selection.length === 0) return null;
  const picked = selection.flatMap((id) => {
    const variant = chosen.get(id);
    return variant ? [variant] : [];
  });
  const bySku = new Map(picked.map((v) => [v.sku, v]));
  const skus = canonicalSelection(picked.map((v) => v.sku));
  return {
    bundleId: handle,
    skus,
    complete: picked.length === selection.length,
    contents: countSkus(skus).flatMap(([sku, quantity]) => {
      const variant = bySku.get(sku);
      return variant ? [{ ...variant, quantity }] : [];
    }),
  };
}

/** A cart's lines, read as they are now (in a write, after the cart is locked). */
export async function readLines(db: Database, cart: CartRow): Promise<Line[]> {
  const read = await readCartWithLines(db, "byId", cart.storeId, cart.id);
  return read?.lines ?? [];
}

/**
 * The owner's open cart and its lines in one statement, for reads outside a cart write (the
 * cart, a quote, an order's pricing); undefined without a cart.
 */
export async function readOpenCart(
  db: Database,
  owner: CartOwner,
): Promise<{ cart: CartRow; lines: Line[] } | undefined> {
  const whose = ownerKey(owner);
  return whose ? readCartWithLines(db, whose.by, owner.storeId, whose.key) : undefined;
}

/** A stored line's identity, as the domain's lineKey reads a cart item. */
export function keyOf(line: Line): string {
  return lineKey({
    sku: line.sku,
    subscription: line.plan ? { subscription_id: line.plan.code } : null,
    skus_selected: line.bundle?.skus ?? null,
  });
}

export interface SellableVariant {
  id: string;
  productId: string;
  sku: string;
  title: string;
  handle: string;
  /** The stock a shopper can buy (sellableStock). */
  stock: number;
  requiresShipping: boolean;
  price: number | null;
  attributes: Record<string, string>;
  imageUrls: string[];
  /** The product's subscription plans, in the product's order. */
  plans: PlanRow[];
  /** A bundle's slots; null for any other variant. */
  bundleSlots: number | null;
}

/**
 * The select of this store's published variants that `which` picks, priced in `currency` for
 * `buyer` (tradeBuyer), with their products' plans: a row per variant and plan.
 */
function sellableSelect(
  db: Database,
  storeId: string | Placeholder,
  which: SQL | undefined,
  currency: Currency | Placeholder,
  buyer: SQL,
) {
  return db
    .select({
      id: variants.id,
      productId: variants.productId,
      sku: variants.sku,
      title: products.title,
      handle: products.handle,
      stock: sellableStock,
      requiresShipping: variants.requiresShipping,
      price: sellingPrice(buyer),
      attributes: variants.attributes,
      imageUrls: variants.imageUrls,
      bundleSlots: variants.bundleSlots,
      plan: subscriptionPlans,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .leftJoin(
      variantPrices,
      and(eq(variantPrices.variantId, variants.id), eq(variantPrices.currency, currency)),
    )
    .leftJoin(
      subscriptionPlans,
      and(eq(subscriptionPlans.productId, products.id), eq(subscriptionPlans.storeId, storeId)),
    )
    .where(
      and(
        eq(variants.storeId, storeId),
        eq(products.storeId, storeId),
        eq(products.published, true),
        which,
      ),
    )
    .orderBy(asc(subscriptionPlans.position), asc(subscriptionPlans.code));
}

type SellableRow = Awaited<ReturnType<typeof sellableSelect>>[number];

/** The rows of sellableSelect as variants by sku, each with its plans in order. */
function variantsBySku(rows: readonly SellableRow[]): Map<string, SellableVariant> {
  const found = new Map<string, SellableVariant>();
  for (const { plan, ...variant } of rows) {
    let entry = found.get(variant.sku);
    if (!entry) {
      entry = { ...variant, plans: [] };
      found.set(variant.sku, entry);
    }
    if (plan) entry.plans.push(plan);
  }
  return found;
}

/** The variants of a list of skus, for a guest and for an account (whose price may be trade). */
const skusFor = (buyer: (p: Record<"buyer", Placeholder>) => SQL) =>
  compiled(["storeId", "skus", "currency", "buyer"], (db, p) =>
    sellableSelect(db, p.storeId, sql`${variants.sku} = any(${p.skus})`, p.currency, buyer(p)),
  );
const SKUS_FOR = {
  guest: skusFor(() => tradeBuyer(null)),
  account: skusFor((p) => tradeBuyer(p.buyer)),
};

/**
 * This store's published variants by sku, priced in `currency`, with their products' plans;
 * another store's sku is absent. A bundle's chosen skus are found with the bundle's own sku.
 */
export async function findVariants(
  db: Database,
  storeId: string,
  skus: readonly string[],
  currency: Currency,
  buyer: string | null,
): Promise<Map<string, SellableVariant>> {
  if (skus.length === 0) return new Map();
  const read = buyer === null ? SKUS_FOR.guest : SKUS_FOR.account;
  return variantsBySku(await read(db, { storeId, skus: [...new Set(skus)], currency, buyer }));
}

/** A bundle a shopper names: its own variant (at the bundle's price) and the variants it offers. */
export interface SellableBundle {
  variant: SellableVariant & { bundleSlots: number };
  /** The variants its slots may be filled with, by sku. */
  choices: Map<string, SellableVariant>;
}

/**
 * The published bundle of this store whose product's handle is `bundleId`, with its choices,
 * priced in `currency` for `buyer`; 404 when there is none.
 */
export async function findBundle(
  db: Database,
  storeId: string,
  bundleId: string,
  currency: Currency,
  buyer: string | null,
): Promise<SellableBundle> {
  const [own, choices] = await readTogether(db, [
    async () =>
      variantsBySku(
        await sellableSelect(
          db,
          storeId,
          and(eq(products.handle, bundleId), isNotNull(variants.bundleSlots)),
          currency,
          tradeBuyer(buyer),
        ),
      ),
    async () =>
      variantsBySku(
        await sellableSelect(
          db,
          storeId,
          sql`${variants.id} in (select ${bundleChoices.variantId} from ${bundleChoices}
          join ${variants} b on b.id = ${bundleChoices.bundleVariantId}
          join ${products} bp on bp.id = b.product_id
          where bp.store_id = ${storeId} and bp.handle = ${bundleId})`,
          currency,
          tradeBuyer(buyer),
        ),
      ),
  ]);
  const [variant] = own.values();
  if (!variant || variant.bundleSlots === null) {
    throw new DomainError("not_found", BUNDLE_MESSAGES.notFound);
  }
  return { variant: { ...variant, bundleSlots: variant.bundleSlots }, choices };
}

/** The plan of `variant`'s product named by `subscriptionId` (its code); 404 when none. */
export function planOf(variant: SellableVariant, subscriptionId: string): PlanRow {
  const plan = variant.plans.find((p) => p.code === subscriptionId);
  if (!plan) throw new DomainError("not_found", SUBSCRIPTION_MESSAGES.planNotFound);
  return plan;
}

/**
 * Writes the new lines over the stored ones (order = position); `found` holds the variants (and
 * plans) of lines new to the cart. Answers the cart's lines as they now are (as readLines would
 * read them in this transaction).
 */
export async function saveLines(
  tx: Transaction,
  cart: CartRow,
  before: readonly Line[],
  after: readonly CartItem[],
  found: ReadonlyMap<string, SellableVariant>,
): Promise<Line[]> {
  const beforeByKey = new Map(before.map((l) => [keyOf(l), l]));
  const afterKeys = new Set(after.map(lineKey));
  const gone = before.filter((l) => !afterKeys.has(keyOf(l))).map((l) => l.id);
  if (gone.length > 0) {
    await tx
      .delete(cartLines)
      .where(and(eq(cartLines.cartId, cart.id), inArray(cartLines.id, gone)));
  }
  const saved: Line[] = [];
  for (const [position, item] of after.entries()) {
    const old = beforeByKey.get(lineKey(item));
    if (!old) {
      const line = newLine(cart, item, position, found);
      await tx.insert(cartLines).values(line.row);
      saved.push(line.line);
      continue;
    }
    if (old.quantity !== item.quantity || old.position !== position) {
      await tx
        .update(cartLines)
        .set({ quantity: item.quantity, position })
        .where(and(eq(cartLines.cartId, cart.id), eq(cartLines.id, old.id)));
    }
    saved.push({ ...old, quantity: item.quantity, position });
  }
  return saved;
}

/** A line new to the cart: its row to store (its id made here) and the line it becomes. */
function newLine(
  cart: Pick<CartRow, "id" | "storeId">,
  item: CartItem,
  position: number,
  found: ReadonlyMap<string, SellableVariant>,
): { row: typeof cartLines.$inferInsert; line: Line } {
  const variant = found.get(item.sku);
  if (!variant) throw new Error(`No variant for ${item.sku}`);
  const plan = item.subscription ? planOf(variant, item.subscription.subscription_id) : null;
  const bundle = item.bundle_id ? newBundle(item.bundle_id, item.skus_selected ?? [], found) : null;
  const id = randomUUID();
  return {
    row: {
      id,
      cartId: cart.id,
      storeId: cart.storeId,
      variantId: variant.id,
      planId: plan?.id ?? null,
      selection: selectionOf(bundle),
      quantity: item.quantity,
      position,
    },
    line: {
      id,
      variantId: variant.id,
      productId: variant.productId,
      sku: variant.sku,
      quantity: item.quantity,
      position,
      plan,
      price: item.subscription?.subscription_price ?? item.product_price,
      stock: variant.stock,
      requiresShipping: variant.requiresShipping,
      handle: variant.handle,
      title: variant.title,
      attributes: variant.attributes,
      imageUrls: variant.imageUrls,
      bundle,
    },
  };
}

/** A bundle line's chosen variants as stored: their ids, one per slot, sorted; [] for no bundle. */
export function selectionOf(bundle: LineBundle | null): string[] {
  if (!bundle) return [];
  return bundle.contents.flatMap((c) => Array<string>(c.quantity).fill(c.variantId)).sort();
}

/** A new bundle line's bundle, from its chosen skus and their variants in `found`. */
function newBundle(
  bundleId: string,
  selected: readonly string[],
  found: ReadonlyMap<string, SellableVariant>,
): LineBundle {
  const skus = canonicalSelection(selected);
  return {
    bundleId,
    skus,
    complete: true,
    contents: countSkus(skus).map(([sku, quantity]) => {
      const variant = found.get(sku);
      if (!variant) throw new Error(`No variant for ${sku}`);
      const { id: variantId, title, attributes, stock } = variant;
      return { variantId, sku, title, attributes, quantity, stock };
    }),
  };
}

/**
 * Stores a new cart with its lines and events in one statement, so without a transaction: for a
 * session made by this request, which no other request can know, so nothing can race it. Answers
 * the cart and its lines as saveLines would.
 */
export async function insertCartWithLines(
  db: Database,
  cart: Pick<CartRow, "storeId" | "sessionId" | "currency" | "status">,
  items: readonly CartItem[],
  found: ReadonlyMap<string, SellableVariant>,
  events: readonly CartEvent[],
): Promise<{ cart: CartRow; lines: Line[] }> {
  const id = randomUUID();
  const made = items.map((item, position) =>
    newLine({ id, storeId: cart.storeId }, item, position, found),
  );
  const values = {
    id,
    storeId: cart.storeId,
    sessionId: cart.sessionId,
    currency: cart.currency,
    status: cart.status,
    ...rowValues(
      "line",
      made.map((m) => m.row),
      LINE_KEYS,
    ),
    ...rowValues("event", events, EVENT_KEYS),
  };
  const [row] = await newCartInsert([made.length, events.length])(db, values);
  if (!row) throw new Error("The new cart was not stored");
  return { cart: row, lines: made.map((m) => m.line) };
}

const CART_KEYS = ["id", "storeId", "sessionId", "currency", "status"] as const;
const LINE_KEYS = ["id", "variantId", "planId", "selection", "quantity", "position"] as const;
const EVENT_KEYS = ["type", "sku", "quantity"] as const;

/**
 * The statement that stores a new cart with its lines and events, compiled for each count of
 * lines and events (the first 16 pairs seen).
 */
const newCartInsert = compiledShapes(16, ([lineCount = 0, eventCount = 0]) =>
  compiled(CART_KEYS, (db, p) => {
    const lines = Array.from({ length: lineCount }, (_, index) => {
      const at = (key: (typeof LINE_KEYS)[number]) => rowPlaceholder("line", index, key);
      return {
        id: at("id"),
        cartId: p.id,
        storeId: p.storeId,
        variantId: at("variantId"),
        planId: at("planId"),
        selection: at("selection"),
        quantity: at("quantity"),
        position: at("position"),
      };
    });
    const events = Array.from({ length: eventCount }, (_, index) => {
      const at = (key: (typeof EVENT_KEYS)[number]) => rowPlaceholder("event", index, key);
      return {
        storeId: p.storeId,
        cartId: p.id,
        type: at("type"),
        sku: at("sku"),
        quantity: at("quantity"),
      };
    });
    // The lines and events go in with the cart: its row exists by the time their foreign keys
    // are checked (at the end of the statement).
    const ctes = [
      ...(lines.length > 0
        ? [db.$with("new_lines", {}).as(db.insert(cartLines).values(lines).getSQL())]
        : []),
      ...(events.length > 0
        ? [db.$with("new_events", {}).as(db.insert(cartEvents).values(events).getSQL())]
        : []),
    ];
    return db
      .with(...ctes)
      .insert(carts)
      .values({
        id: p.id,
        storeId: p.storeId,
        sessionId: p.sessionId,
        currency: p.currency,
        status: p.status,
      })
      .returning();
  }),
);

/** Records a write's events against the cart. */
export async function recordEvents(
  tx: Transaction,
  cart: Pick<CartRow, "id" | "storeId">,
  events: readonly CartEvent[],
): Promise<void> {
  if (events.length === 0) return;
  await tx
    .insert(cartEvents)
    .values(events.map((e) => ({ ...e, storeId: cart.storeId, cartId: cart.id })));
}

/** The guest session a cart belongs to (null for an account's cart, or a cart gone). */
export async function cartSessionOf(db: Database, cartId: string): Promise<string | null> {
  const [cart] = await db
    .select({ sessionId: carts.sessionId })
    .from(carts)
    .where(eq(carts.id, cartId));
  return cart?.sessionId ?? null;
}
