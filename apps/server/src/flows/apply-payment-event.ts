/**
 * Apply a payment event: the flow behind Stripe's webhook, once per event. Its steps, in one
 * transaction:
 * 1. find the order the payment belongs to, on the event's own account (orders), and record the
 *    event as applied (payments): a replay applies nothing;
 * 2. a failure is kept on the order; a success completes the order awaiting it
 *    (complete-order.ts), or revives an expired one whose stock is still there;
 * 3. a success for an order that can no longer be confirmed cancels it, and (after the
 *    transaction) the payment is refunded; the event is forgotten if the refund fails, so the
 *    provider's retry refunds again.
 * A card saved for a subscription's renewals is kept on that subscription (subscriptions).
 */
import { DomainError, ORDER_MESSAGES } from "@storefront/domain";
import type { Database, Transaction } from "../db/index.ts";
import type { OrderRow } from "../modules/orders/index.ts";
import { orderStockLines } from "../modules/orders/index.ts";
import {
  cancelPaidTooLate,
  lockOrderOfPayment,
  recordPaymentFailure,
  reopenOrder,
} from "../modules/orders/writers.ts";
import type { PaymentEvent, Payments } from "../modules/payments/index.ts";
import { forgetPaymentEvent, recordPaymentEvent } from "../modules/payments/writers.ts";
import { keepCard, lockSubscriptionPaidOn } from "../modules/subscriptions/writers.ts";
import { completeOrder, type PaymentDone } from "./complete-order.ts";
import { takeHolds } from "./order-holds.ts";

/** What applying a webhook did. */
export type PaymentEventOutcome =
  | "completed"
  | "already_applied"
  | "refunded_no_stock"
  | "recorded_failure"
  | "unknown_order"
  | "card_saved"
  | "ignored";

/**
 * Applies a verified payment webhook once: the event id is recorded in the same transaction, so
 * a replay applies nothing. A success completes the order awaiting it. A success for an order
 * whose hold expired takes the stock again; when the stock is gone, or the order was replaced or
 * canceled, the order is not confirmed and the payment is refunded. An event for an order this
 * server does not know is not recorded, so the provider's retry can still apply it.
 */
export async function applyPaymentEvent(
  db: Database,
  payments: Payments,
  event: PaymentEvent,
  now: Date,
): Promise<{ outcome: PaymentEventOutcome; order: OrderRow | null }> {
  if (event.type === "ignored") return { outcome: "ignored", order: null };
  if (event.type === "method_saved")
    return { outcome: await applySavedCard(db, event, now), order: null };
  const result = await db.transaction(async (tx) => {
    const claim =
      event.type === "payment_succeeded" && event.orderId && event.storeId
        ? { orderId: event.orderId, storeId: event.storeId }
        : null;
    const order = await lockOrderOfPayment(tx, { ...event, claim });
    if (!order) return { outcome: "unknown_order" as const, order: null, refund: false };
    if (!(await recordPaymentEvent(tx, event))) {
      return { outcome: "already_applied" as const, order: null, refund: false };
    }
    if (event.type === "payment_failed") {
      await recordPaymentFailure(tx, order.id, event.message, now);
      return { outcome: "recorded_failure" as const, order, refund: false };
    }
    const payment = {
      reference: event.reference,
      cardBrand: event.cardBrand,
      cardLast4: event.cardLast4,
      saved: event.saved,
    };
    if (order.status === "paid") {
      return { outcome: "already_applied" as const, order, refund: false };
    }
    if (order.status === "awaiting_payment") {
      await completeOrder(tx, order, payment, now);
      return { outcome: "completed" as const, order, refund: false };
    }
    // The hold expired before the money arrived: take the stock again if it is still there.
    // Not for a renewal: its next try renews the period, so this payment is given back.
    const retaken =
      order.status === "expired" &&
      order.renewalOf === null &&
      (await reviveExpiredOrder(tx, order, payment, now));
    if (retaken) return { outcome: "completed" as const, order, refund: false };
    const message =
      order.status === "expired"
        ? ORDER_MESSAGES.refundedNoStock
        : (order.failureMessage ?? ORDER_MESSAGES.refundedCanceled);
    await cancelPaidTooLate(tx, order, message, now);
    return { outcome: "refunded_no_stock" as const, order, refund: true };
  });
  if (result.refund && result.order) {
    try {
      await payments
        .forPayment(result.order)
        .refund(event.reference, `order-${result.order.id}-refund`);
    } catch (err) {
      // Forget the event so the provider's retry refunds again (same idempotency key).
      await forgetPaymentEvent(db, event.id);
      throw err;
    }
  }
  return { outcome: result.outcome, order: result.order };
}

/**
 * An expired order whose payment arrived after all: in a nested transaction (a savepoint), the
 * order awaits payment again, takes its stock, its code's redemption and its points again and
 * completes. Answers false, with nothing changed, when the stock, the redemption or the points
 * are no longer there.
 */
export async function reviveExpiredOrder(
  tx: Transaction,
  order: OrderRow,
  payment: PaymentDone,
  now: Date,
): Promise<boolean> {
  return tx
    .transaction(async (inner) => {
      await reopenOrder(inner, order);
      const lines = await orderStockLines(inner, order.id);
      await takeHolds(inner, order, lines, { claim: false });
      await completeOrder(inner, order, payment, now);
      return true;
    })
    .catch((err: unknown) => {
      if (err instanceof DomainError) return false;
      throw err;
    });
}

/**
 * A card the shopper confirmed in the browser for a subscription's renewals: kept on the
 * subscription it names (in the store it names), once per event. An event for a subscription
 * this server does not know is not recorded, so the provider's retry can still apply it.
 */
async function applySavedCard(
  db: Database,
  event: Extract<PaymentEvent, { type: "method_saved" }>,
  now: Date,
): Promise<PaymentEventOutcome> {
  if (!event.subscriptionId || !event.storeId) return "unknown_order";
  const { subscriptionId, storeId } = event;
  return db.transaction(async (tx) => {
    const sub = await lockSubscriptionPaidOn(tx, {
      subscriptionId,
      storeId,
      account: event.account,
    });
    if (!sub) return "unknown_order" as const;
    if (!(await recordPaymentEvent(tx, event))) return "already_applied" as const;
    await keepCard(
      tx,
      sub,
      { saved: event.saved, cardBrand: null, cardLast4: null },
      { paymentProvider: "stripe", paymentAccount: event.account },
      now,
    );
    return "card_saved" as const;
  });
}
