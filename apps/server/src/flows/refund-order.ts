/**
 * Refund: the flow behind the admin's refund of a paid order. Its steps:
 * 1. the refund is written `pending` (orders), once per Idempotency-Key;
 * 2. the processor that took the payment is asked under the key `refund-{id}` (payments);
 * 3. in one transaction: the refund succeeds and the order's refunded amount grows (orders), the
 *    items go back in stock when asked (catalog), and the audit line is written.
 * A request repeated with the same key (after a timeout, a crash, a double click) is the same
 * refund and never gives money back twice.
 */
import {
  type AdminOrderView,
  DomainError,
  REFUND_MESSAGES,
  type RefundRequest,
} from "@storefront/domain";
import type { Database } from "../db/index.ts";
import { type AdminActor, audit } from "../lib/audit.ts";
import { giveStockBack } from "../modules/catalog/writers.ts";
import { adminOrderView, orderStockLines } from "../modules/orders/index.ts";
import { completeRefund, failRefund, openRefund } from "../modules/orders/writers.ts";
import type { Payments } from "../modules/payments/index.ts";
import { RefundRefusedError } from "../modules/payments/index.ts";

/**
 * Refunds (part of) a paid order through the processor that took the payment, and optionally
 * puts its items back in stock (once per order).
 */
export async function refundOrder(
  deps: { db: Database; payments: Payments },
  storeId: string,
  number: number,
  actor: AdminActor,
  idempotencyKey: string,
  request: RefundRequest,
): Promise<AdminOrderView> {
  const { db, payments } = deps;
  const { row, order } = await openRefund(
    db,
    storeId,
    number,
    actor.userId,
    idempotencyKey,
    request,
  );
  if (row.status === "succeeded") return adminOrderView(db, storeId, number);
  if (row.status === "failed") throw new DomainError("conflict", REFUND_MESSAGES.failed);
  try {
    // On the account that took the payment (the store's own Stripe account).
    const provider = payments.forPayment(order);
    await provider.refund(order.paymentReference ?? "", `refund-${row.id}`, row.amount);
  } catch (err) {
    // A timeout or a dropped connection may have refunded all the same: the refund stays
    // pending (its amount is not refundable again) until the same key is sent again and the
    // processor answers. Only the processor's own refusal ends it as failed.
    if (!(err instanceof RefundRefusedError)) {
      throw new DomainError("unavailable", REFUND_MESSAGES.pending);
    }
    await failRefund(db, row.id, err.message);
    throw new DomainError("conflict", REFUND_MESSAGES.failed);
  }
  await db.transaction(async (tx) => {
    const changed = await completeRefund(tx, row, order.id);
    // Another request with the same key finished it first: nothing more to write.
    if (!changed) return;
    if (row.restock) await giveStockBack(tx, storeId, await orderStockLines(tx, order.id));
    await audit(tx, storeId, actor, {
      action: "order.refund",
      target: `order ${order.number}`,
      before: changed.before,
      after: {
        ...changed.after,
        refund: { amount: row.amount, restock: row.restock, reason: row.reason },
      },
    });
  });
  return adminOrderView(db, storeId, number);
}
