import { ORDER_MESSAGES } from "@storefront/domain";
import { and, eq, lt } from "drizzle-orm";
import type { Database } from "../../db/index.ts";
import { orders } from "../../db/schema.ts";
import type { Logger } from "../../lib/logger.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import { releaseOrder } from "./order-lifecycle.ts";

/**
 * Releases every hold whose 30 minutes have passed: the order expires, its stock and redemption
 * go back, and the provider's payment is cancelled so it can no longer succeed. Answers how many.
 */
export async function releaseExpiredHolds(
  db: Database,
  provider: PaymentProvider,
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
    if (order.paymentReference) {
      await provider
        .cancel(order.paymentReference, `order-${order.id}-cancel`)
        .catch((err: unknown) =>
          log.warn({ err, order: order.number }, "could not cancel the expired order's payment"),
        );
    }
  }
  return released;
}
