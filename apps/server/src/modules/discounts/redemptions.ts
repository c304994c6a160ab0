import { CHECKOUT_MESSAGES, DISCOUNT_MESSAGES, DomainError } from "@storefront/domain";
import { and, eq, sql } from "drizzle-orm";
import type { Transaction } from "../../db/index.ts";
import { discountCodes, discountRedemptions } from "./schema.ts";
import { customerKeys } from "./service.ts";

/** Counts one redemption of the code, guarded so `max_redemptions` is never passed. */
export async function redeemCode(tx: Transaction, storeId: string, codeId: string): Promise<void> {
  const [redeemed] = await tx
    .update(discountCodes)
    .set({ redemptions: sql`${discountCodes.redemptions} + 1` })
    .where(
      and(
        eq(discountCodes.id, codeId),
        eq(discountCodes.storeId, storeId),
        eq(discountCodes.active, true),
        sql`${discountCodes.redemptions} < ${discountCodes.maxRedemptions}`,
      ),
    )
    .returning({ id: discountCodes.id });
  if (!redeemed) throw new DomainError("conflict", CHECKOUT_MESSAGES.discountUsedUp);
}

/** Gives one redemption back (an order that ended unpaid). */
export async function giveRedemptionBack(
  tx: Transaction,
  storeId: string,
  codeId: string,
): Promise<void> {
  await tx
    .update(discountCodes)
    .set({ redemptions: sql`greatest(${discountCodes.redemptions} - 1, 0)` })
    .where(and(eq(discountCodes.id, codeId), eq(discountCodes.storeId, storeId)));
}

/**
 * Records, in the order's transaction, that this buyer used a once-per-customer code; a second
 * use by the same account or mailbox (even in a concurrent checkout) is refused and rolls the
 * order back.
 */
export async function claimOncePerCustomer(
  tx: Transaction,
  codeId: string,
  order: { id: string; userId: string | null; email: string },
): Promise<void> {
  const [code] = await tx
    .select({ once: discountCodes.oncePerCustomer })
    .from(discountCodes)
    .where(eq(discountCodes.id, codeId));
  if (!code?.once) return;
  const keys = customerKeys(order);
  const claimed = await tx
    .insert(discountRedemptions)
    .values(keys.map((customerKey) => ({ discountCodeId: codeId, customerKey, orderId: order.id })))
    .onConflictDoNothing()
    .returning({ key: discountRedemptions.customerKey });
  if (claimed.length < keys.length) {
    throw new DomainError("conflict", DISCOUNT_MESSAGES.oncePerCustomer);
  }
}

/** An order that ended unpaid gives its buyer's once-per-customer use back. */
export async function releaseCustomerUse(tx: Transaction, orderId: string): Promise<void> {
  await tx.delete(discountRedemptions).where(eq(discountRedemptions.orderId, orderId));
}
