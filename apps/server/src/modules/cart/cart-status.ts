import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/index.ts";
import { type CartOwner, ownerCondition } from "./cart-rows.ts";
import { cartLines, carts } from "./schema.ts";

/**
 * The page was left with things in the cart (POST /metrics/abandoned-cart): an active cart with
 * lines becomes abandoned (spec section 4: abandoned only from active). Answers whether it did.
 */
export async function markCartAbandoned(
  db: Database,
  owner: Pick<CartOwner, "storeId" | "userId" | "sessionId">,
  now: Date,
  /** The store's origin the visitor left from (storeLinkOrigin): the reminder's links use it. */
  origin: string | null,
): Promise<boolean> {
  const whose = ownerCondition(owner);
  if (!whose) return false;
  const changed = await db
    .update(carts)
    .set({ status: "abandoned", abandonedAt: now, recoveryOrigin: origin })
    .where(
      and(
        eq(carts.storeId, owner.storeId),
        whose,
        eq(carts.status, "active"),
        sql`exists (select 1 from ${cartLines} where ${cartLines.cartId} = ${carts.id})`,
      ),
    )
    .returning({ id: carts.id });
  return changed.length > 0;
}

/**
 * The visitor is back (a page visit): an abandoned cart is active again (spec section 4). One
 * statement that changes nothing for every other cart.
 */
export async function reactivateCart(
  db: Database,
  owner: Pick<CartOwner, "storeId" | "userId" | "sessionId">,
): Promise<boolean> {
  const whose = ownerCondition(owner);
  if (!whose) return false;
  const changed = await db
    .update(carts)
    .set({ status: "active", abandonedAt: null })
    .where(and(eq(carts.storeId, owner.storeId), whose, eq(carts.status, "abandoned")))
    .returning({ id: carts.id });
  return changed.length > 0;
}

/**
 * Claims an abandoned cart's one reminder (analytics' reminder job): only the first claim
 * succeeds, whichever instance runs the job, and only while the cart is still abandoned (not
 * bought, emptied or back in use since).
 */
export async function claimCartReminder(db: Database, cartId: string, now: Date): Promise<boolean> {
  const claimed = await db
    .update(carts)
    .set({ recoveryEmailedAt: now, recoveryAttempts: sql`${carts.recoveryAttempts} + 1` })
    .where(
      and(eq(carts.id, cartId), eq(carts.status, "abandoned"), isNull(carts.recoveryEmailedAt)),
    )
    .returning({ id: carts.id });
  return claimed.length > 0;
}

/** A claimed reminder that was not sent: the next run of the job tries again. */
export async function releaseCartReminder(db: Database, cartId: string): Promise<void> {
  await db.update(carts).set({ recoveryEmailedAt: null }).where(eq(carts.id, cartId));
}

/** The visitor of an abandoned cart came back: the cart is active again (and not reminded). */
export async function reactivateAbandonedCart(db: Database, cartId: string): Promise<void> {
  await db
    .update(carts)
    .set({ status: "active", abandonedAt: null })
    .where(and(eq(carts.id, cartId), eq(carts.status, "abandoned")));
}
