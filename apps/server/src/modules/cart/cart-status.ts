import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/index.ts";
import { cartLines, carts } from "../../db/schema.ts";
import { type CartOwner, ownerCondition } from "./cart-rows.ts";

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
