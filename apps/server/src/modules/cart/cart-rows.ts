// Whose cart it is, the cart's row and its lines' types, and finding or locking the owner's
// open cart.
import type { CartEventType, Currency } from "@storefront/domain";
import { and, type Column, eq, ne, type Placeholder, type SQL, sql } from "drizzle-orm";
import { compiled } from "../../db/compiled.ts";
import type { Database, Transaction } from "../../db/index.ts";
import { users } from "../accounts/index.ts";
import type { PlanRow } from "../catalog/index.ts";
import { carts } from "./schema.ts";

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
export function ownerKey(
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
export const openCartOf = (by: "userId" | "sessionId", p: Record<"storeId" | "key", Placeholder>) =>
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

/** The guest session a cart belongs to (null for an account's cart, or a cart gone). */
export async function cartSessionOf(db: Database, cartId: string): Promise<string | null> {
  const [cart] = await db
    .select({ sessionId: carts.sessionId })
    .from(carts)
    .where(eq(carts.id, cartId));
  return cart?.sessionId ?? null;
}
