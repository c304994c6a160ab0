import { ORDER_MESSAGES } from "@storefront/domain";
import { and, eq, isNull, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Database, Transaction } from "../../db/index.ts";
import { orders, paymentEvents, stores, subscriptions } from "../../db/schema.ts";
import { completeOrder, reviveExpiredOrder } from "../orders/order-lifecycle.ts";
import type { OrderRow } from "../orders/order-reads.ts";
import { keepCard } from "../subscriptions/service.ts";
import type { Payments } from "./index.ts";
import type { PaymentEvent } from "./provider.ts";

/** What applying a webhook did. */
export type PaymentEventOutcome =
  | "completed"
  | "already_applied"
  | "refunded_no_stock"
  | "recorded_failure"
  | "unknown_order"
  | "card_saved"
  | "ignored";

/** The column names the event's account: a connected account's id, or none (the platform's). */
function onAccount(column: PgColumn, account: string | null): SQL {
  return account === null ? isNull(column) : eq(column, account);
}

/**
 * The order a payment belongs to: by its reference, else by the order id in its metadata; only
 * an order placed on the event's own account, so one store's account never completes another's.
 */
async function orderOfPayment(
  tx: Transaction,
  event: Exclude<PaymentEvent, { type: "ignored" | "method_saved" }>,
): Promise<OrderRow | undefined> {
  const [byReference] = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.paymentProvider, "stripe"),
        eq(orders.paymentReference, event.reference),
        onAccount(orders.paymentAccount, event.account),
      ),
    )
    .for("update");
  if (byReference || event.type !== "payment_succeeded" || !event.orderId || !event.storeId) {
    return byReference;
  }
  // The PaymentIntent exists but its reference was never stored on the order (the request that
  // made it failed after Stripe answered): the metadata names the order.
  const [claimed] = await tx
    .update(orders)
    .set({ paymentReference: event.reference })
    .where(
      and(
        eq(orders.id, event.orderId),
        eq(orders.storeId, event.storeId),
        eq(orders.paymentProvider, "stripe"),
        onAccount(orders.paymentAccount, event.account),
        isNull(orders.paymentReference),
      ),
    )
    .returning();
  return claimed;
}

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
    const order = await orderOfPayment(tx, event);
    if (!order) return { outcome: "unknown_order" as const, order: null, refund: false };
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({ id: event.id, provider: "stripe", type: event.type })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!fresh) return { outcome: "already_applied" as const, order: null, refund: false };
    if (event.type === "payment_failed") {
      await tx
        .update(orders)
        .set({ failureMessage: event.message, updatedAt: now })
        .where(and(eq(orders.id, order.id), eq(orders.status, "awaiting_payment")));
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
    await tx
      .update(orders)
      .set({
        status: "canceled",
        failureMessage:
          order.status === "expired"
            ? ORDER_MESSAGES.refundedNoStock
            : (order.failureMessage ?? ORDER_MESSAGES.refundedCanceled),
        updatedAt: now,
      })
      .where(eq(orders.id, order.id));
    return { outcome: "refunded_no_stock" as const, order, refund: true };
  });
  if (result.refund && result.order) {
    try {
      await payments
        .forPayment(result.order)
        .refund(event.reference, `order-${result.order.id}-refund`);
    } catch (err) {
      // Forget the event so the provider's retry refunds again (same idempotency key).
      await db.delete(paymentEvents).where(eq(paymentEvents.id, event.id));
      throw err;
    }
  }
  return { outcome: result.outcome, order: result.order };
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
    // Only a subscription of a store paid on the event's account.
    const [found] = await tx
      .select({ sub: subscriptions })
      .from(subscriptions)
      .innerJoin(stores, eq(stores.id, subscriptions.storeId))
      .where(
        and(
          eq(subscriptions.id, subscriptionId),
          eq(subscriptions.storeId, storeId),
          onAccount(stores.stripeId, event.account),
        ),
      )
      .for("update", { of: subscriptions });
    const sub = found?.sub;
    if (!sub) return "unknown_order" as const;
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({ id: event.id, provider: "stripe", type: event.type })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!fresh) return "already_applied" as const;
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
