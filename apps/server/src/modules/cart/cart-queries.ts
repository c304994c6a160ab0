// How a cart is stored: finding and locking the owner's cart, reading its lines, finding the
// variants a write names, and writing lines and events. No rules here: the commands decide.
import {
  type CartEventType,
  type CartItem,
  type Currency,
  DomainError,
  lineKey,
  SUBSCRIPTION_MESSAGES,
  subscriptionPrice,
} from "@storefront/domain";
import { and, asc, eq, inArray, ne, type SQL } from "drizzle-orm";
import type { Database, Transaction } from "../../db/index.ts";
import {
  cartEvents,
  cartLines,
  carts,
  products,
  subscriptionPlans,
  variantPrices,
  variants,
} from "../../db/schema.ts";
import { type PlanRow, readPlans } from "../subscriptions/service.ts";

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
export function ownerCondition(owner: Pick<CartOwner, "userId" | "sessionId">): SQL | null {
  if (owner.userId !== null) return eq(carts.userId, owner.userId);
  if (owner.sessionId !== null) return eq(carts.sessionId, owner.sessionId);
  return null;
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
  stock: number;
  handle: string;
  title: string;
  attributes: Record<string, string>;
  imageUrls: string[];
}

export interface CartEvent {
  type: CartEventType;
  sku: string | null;
  quantity: number | null;
}

/** The owner's open (not purchased) cart in this store, if any. */
export async function findOpenCart(db: Database, owner: CartOwner): Promise<CartRow | undefined> {
  const byOwner = ownerCondition(owner);
  if (!byOwner) return undefined;
  const [row] = await db
    .select()
    .from(carts)
    .where(and(eq(carts.storeId, owner.storeId), byOwner, ne(carts.status, "purchased")));
  return row;
}

/**
 * The open cart locked for this transaction, created (in `currency`) when one is given; `created`
 * says it is new, so it has no lines yet. The row lock makes concurrent writes to one cart take
 * turns, so the rules always see the current lines.
 */
export async function openCart(
  tx: Transaction,
  owner: Pick<CartOwner, "storeId" | "userId" | "sessionId">,
  currency: Currency | null,
): Promise<{ cart: CartRow; created: boolean } | undefined> {
  const byOwner = ownerCondition(owner);
  if (!byOwner) return undefined;
  const lockOpen = () =>
    tx
      .select()
      .from(carts)
      .where(and(eq(carts.storeId, owner.storeId), byOwner, ne(carts.status, "purchased")))
      .for("update");
  const [existing] = await lockOpen();
  if (existing) return { cart: existing, created: false };
  if (currency === null) return undefined;
  // Two first writes of one owner may race: the unique index lets one insert win (its row is
  // this transaction's, so locked); the other waits for it and takes the winner's cart.
  const key =
    owner.userId !== null ? { userId: owner.userId } : { sessionId: owner.sessionId ?? "" };
  const [inserted] = await tx
    .insert(carts)
    .values({ storeId: owner.storeId, ...key, currency })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { cart: inserted, created: true };
  const [other] = await lockOpen();
  return other ? { cart: other, created: false } : undefined;
}

/** As openCart, for callers that only need the cart. */
export async function lockCart(
  tx: Transaction,
  owner: Pick<CartOwner, "storeId" | "userId" | "sessionId">,
  currency: Currency | null,
): Promise<CartRow | undefined> {
  return (await openCart(tx, owner, currency))?.cart;
}

export async function readLines(db: Database, cart: CartRow): Promise<Line[]> {
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

/** A stored line's identity, as the domain's lineKey reads a cart item. */
export function keyOf(line: Line): string {
  return lineKey({
    sku: line.sku,
    subscription: line.plan ? { subscription_id: line.plan.code } : null,
  });
}

export interface SellableVariant {
  id: string;
  productId: string;
  sku: string;
  title: string;
  stock: number;
  price: number | null;
  /** The product's subscription plans. */
  plans: PlanRow[];
}

/**
 * This store's published variants by sku, priced in `currency`, with their products' plans;
 * another store's sku is absent.
 */
export async function findVariants(
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

/** The plan of `variant`'s product named by `subscriptionId` (its code); 404 when none. */
export function planOf(variant: SellableVariant, subscriptionId: string): PlanRow {
  const plan = variant.plans.find((p) => p.code === subscriptionId);
  if (!plan) throw new DomainError("not_found", SUBSCRIPTION_MESSAGES.planNotFound);
  return plan;
}

/**
 * Writes the new lines over the stored ones (order = position); `found` holds the variants (and
 * plans) of lines new to the cart.
 */
export async function saveLines(
  tx: Transaction,
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
