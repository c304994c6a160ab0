import { CHECKOUT_MESSAGES, DomainError } from "@storefront/domain";
import { and, eq, sql } from "drizzle-orm";
import type { Transaction } from "../../db/index.ts";
import { stores } from "../stores/index.ts";
import { users } from "./schema.ts";

/**
 * Takes the points an order spends from its buyer's balance, guarded so the balance never goes
 * below 0: a balance spent meanwhile (another order, another tab) refuses the order.
 */
export async function spendPoints(
  tx: Transaction,
  order: { storeId: string; userId: string | null; pointsSpent: number },
): Promise<void> {
  if (order.pointsSpent <= 0) return;
  const [spent] = order.userId
    ? await tx
        .update(users)
        .set({ pointsBalance: sql`${users.pointsBalance} - ${order.pointsSpent}` })
        .where(
          and(
            eq(users.id, order.userId),
            eq(users.storeId, order.storeId),
            sql`${users.pointsBalance} >= ${order.pointsSpent}`,
          ),
        )
        .returning({ id: users.id })
    : [];
  if (!spent) throw new DomainError("conflict", CHECKOUT_MESSAGES.pointsChanged);
}

/** Adds loyalty points to a buyer's balance: a paid order's, or an unpaid order's given back. */
export async function creditPoints(
  tx: Transaction,
  storeId: string,
  userId: string,
  points: number,
): Promise<void> {
  await tx
    .update(users)
    .set({ pointsBalance: sql`${users.pointsBalance} + ${points}` })
    .where(and(eq(users.id, userId), eq(users.storeId, storeId)));
}

/**
 * Adds a paid order's commission to its affiliate's balance. The balance is one number in the
 * store's currency: an order in the other currency keeps its commission on the order
 * (orders.commission_amount) without converting it.
 */
export async function creditCommission(
  tx: Transaction,
  order: { storeId: string; currency: string; commissionAmount: number; affiliateUserId: string },
): Promise<void> {
  await tx
    .update(users)
    .set({ commissionAmount: sql`${users.commissionAmount} + ${order.commissionAmount}` })
    .where(
      and(
        eq(users.id, order.affiliateUserId),
        eq(users.storeId, order.storeId),
        sql`exists (select 1 from ${stores} where ${stores.id} = ${order.storeId} and ${stores.defaultCurrency} = ${order.currency})`,
      ),
    );
}
