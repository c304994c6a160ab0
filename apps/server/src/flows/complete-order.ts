/**
 * Completing a paid order, in one transaction: the order is paid and its cart emptied and marked
 * purchased (one statement), a renewal moves its subscription on or an order placed at checkout
 * starts its subscriptions, and a signed-in buyer earns points and an affiliate commission.
 * Guarded on the order's status, so a replay completes nothing twice.
 */
import { pointsEarned } from "@storefront/domain";
import type { Database, Transaction } from "../db/index.ts";
import { creditCommission, creditPoints } from "../modules/accounts/writers.ts";
import { cartPurchasedWith } from "../modules/cart/writers.ts";
import type { OrderPayment, OrderRow } from "../modules/orders/index.ts";
import { markPaid, markPaidStatements } from "../modules/orders/writers.ts";
import type { SavedMethod } from "../modules/payments/index.ts";
import { renewalPaid, startSubscriptions } from "../modules/subscriptions/writers.ts";

/** The payment that completed an order. */
export interface PaymentDone extends OrderPayment {
  /** The card the payment kept for the subscriptions the order starts. */
  saved?: SavedMethod | null;
}

/** The order is marked paid in the statement that empties its cart. */
const MARK_PAID = markPaidStatements(cartPurchasedWith);

/**
 * Completes a paid order in the caller's transaction. Answers the paid order when this call
 * completed it, else null.
 */
export async function completeOrder(
  tx: Transaction,
  order: OrderRow,
  payment: PaymentDone,
  now: Date,
): Promise<OrderRow | null> {
  // Loyalty points reward retail buying: a trade order earns none.
  const points = order.userId && !order.tradePrices ? pointsEarned(order.total) : 0;
  // Step: the order is paid and its cart purchased.
  const paid = await markPaid(MARK_PAID, tx, order, payment, points, now);
  if (!paid) return null;
  // Step: a renewal moves its subscription on; an order placed at checkout starts its own.
  if (order.renewalOf) await renewalPaid(tx, { ...order, renewalOf: order.renewalOf }, now);
  else await startSubscriptions(tx, order, payment, now);
  // Step: the buyer's points and the affiliate's commission.
  if (order.userId && points > 0) await creditPoints(tx, order.storeId, order.userId, points);
  if (order.affiliateUserId && order.commissionAmount > 0) {
    await creditCommission(tx, { ...order, affiliateUserId: order.affiliateUserId });
  }
  return paid;
}

/**
 * As completeOrder, in a transaction of its own when the order needs one; a guest's order (no
 * points, subscriptions or commission) is completed by one statement, without BEGIN and COMMIT.
 */
export function completeOrderNow(
  db: Database,
  order: OrderRow,
  payment: PaymentDone,
  now: Date,
): Promise<OrderRow | null> {
  const onlyItsRowAndCart =
    order.renewalOf === null &&
    order.userId === null &&
    (order.affiliateUserId === null || order.commissionAmount === 0);
  return onlyItsRowAndCart
    ? markPaid(MARK_PAID, db, order, payment, 0, now)
    : db.transaction((tx) => completeOrder(tx, order, payment, now));
}
