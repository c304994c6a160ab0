import { ORDER_MESSAGES } from "@storefront/domain";
import { and, eq, lt } from "drizzle-orm";
import type { Database } from "../../db/index.ts";
import { orders } from "../../db/schema.ts";
import type { Logger } from "../../lib/logger.ts";
import type { Payments } from "../payments/index.ts";
import { releaseOrder } from "./order-lifecycle.ts";

/**
 * Releases every hold whose 30 minutes have passed: the order expires, its stock and redemption
 * go back, and the provider's payment is cancelled so it can no longer succeed. Answers how many.
 */
export async function releaseExpiredHolds(
  db: Database,
  payments: Payments,
  now: Date,
  log: Logger,
): Promise<number> {
  const due = await db
    .select()
    .from(orders)
    .where(and(eq(orders.status, "awaiting_payment"), lt(orders.holdExpiresAt, now)))
    .limit(200);
  let released = 0;
  for (const order of due) {
    const done = await db.transaction((tx) =>
      releaseOrder(tx, order, "expired", ORDER_MESSAGES.holdExpired, now),
    );
    if (!done) continue;
    released += 1;
    const reference = order.paymentReference;
    if (reference) {
      // On the account that took it (a store's own Stripe account).
      try {
        await payments.forPayment(order).cancel(reference, `order-${order.id}-cancel`);
      } catch (err) {
        log.warn({ err, order: order.number }, "could not cancel the expired order's payment");
      }
    }
  }
  return released;
}
