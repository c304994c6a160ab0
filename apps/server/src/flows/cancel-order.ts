/**
 * Cancel an unpaid order (the admin's "Cancel"), and release the holds whose 30 minutes passed
 * (a timed job): the order ends, what it held goes back (release-order.ts), and the processor's
 * payment is stopped so it can no longer succeed; a payment that still arrives is refunded by
 * the payment event flow.
 */
import {
  type AdminOrderView,
  DomainError,
  ORDER_MESSAGES,
  SHIPMENT_MESSAGES,
} from "@storefront/domain";
import type { Database } from "../db/index.ts";
import { type AdminActor, audit } from "../lib/audit.ts";
import type { Logger } from "../lib/logger.ts";
import { adminOrderView, dueHolds, findOrder } from "../modules/orders/index.ts";
import type { Payments } from "../modules/payments/index.ts";
import { releaseOrder } from "./release-order.ts";

/**
 * Cancels an order still awaiting payment: its stock, code and points go back, the processor's
 * payment is stopped (Stripe), and it is audited. A payment that arrives later is refunded.
 */
export async function cancelUnpaidOrder(
  deps: { db: Database; payments: Payments },
  storeId: string,
  number: number,
  actor: AdminActor,
): Promise<AdminOrderView> {
  const { db, payments } = deps;
  const order = await db.transaction(async (tx) => {
    const row = await findOrder(tx, storeId, number, "for update");
    const now = new Date();
    if (!(await releaseOrder(tx, row, "canceled", SHIPMENT_MESSAGES.canceledByStore, now))) {
      throw new DomainError("conflict", SHIPMENT_MESSAGES.cancelNotUnpaid);
    }
    await audit(tx, storeId, actor, {
      action: "order.cancel",
      target: `order ${row.number}`,
      before: { status: row.status },
      after: { status: "canceled" },
    });
    return row;
  });
  if (order.paymentReference) {
    // The processor stops the payment; if it cannot now, a payment that still arrives is
    // refunded by the webhook (the order is canceled), so the shopper is never charged for it.
    const reference = order.paymentReference;
    await Promise.resolve()
      .then(() => payments.forPayment(order).cancel(reference, `order-${order.id}-cancel`))
      .catch(() => {});
  }
  return adminOrderView(db, storeId, number);
}

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
  const due = await dueHolds(db, now, 200);
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
