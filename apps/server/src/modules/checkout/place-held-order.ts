import type { PlacedOrder } from "@storefront/domain";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { insertOrder, orderAccessKey, releaseCartOrders } from "../orders/order-lifecycle.ts";
import { findOrderByKey, type OrderRow, readOrderView } from "../orders/order-reads.ts";
import {
  answerFor,
  attachPayment,
  intentRequest,
  lockUnchangedCart,
  type OrderAttempt,
  viaProvider,
} from "./order-attempt.ts";

/**
 * The held path (Stripe): one transaction writes the order awaiting payment with its lines, holds
 * their stock (guarded) for 30 minutes and counts the code's redemption (guarded); then the
 * provider makes the PaymentIntent the browser confirms, and its webhook completes the order.
 */
export async function placeHeldOrder(attempt: OrderAttempt): Promise<PlacedOrder> {
  const { deps, owner, idempotencyKey, cart, draft, now } = attempt;
  const { db, provider } = deps;
  // A shopper who changed the checkout pays for a new order: the cart's older, unpaid ones give
  // their stock back first (their own transaction, so no two stock updates wait on each other).
  const replaced = await db.transaction((tx) =>
    releaseCartOrders(tx, draft.storeId, draft.cartId, now),
  );
  for (const old of replaced) {
    if (!old.paymentReference) continue;
    await provider
      .cancel(old.paymentReference, `order-${old.id}-cancel`)
      .catch(() => undefined /* a payment already completed is refunded by its webhook */);
  }
  let order: OrderRow;
  try {
    order = await db.transaction(async (tx) => {
      await lockUnchangedCart(tx, owner, cart);
      return insertOrder(tx, draft, { status: "awaiting_payment", now });
    });
  } catch (err) {
    // A concurrent request with the same key won the insert: answer with its order.
    const winner = isUniqueViolation(err)
      ? await findOrderByKey(db, owner.storeId, idempotencyKey)
      : null;
    if (!winner) throw err;
    return answerFor(deps, winner, idempotencyKey, owner);
  }
  // A failure here leaves the order held without a payment: retrying with the same key asks
  // again under the order's fixed key, and the sweeper releases it after 30 minutes otherwise.
  const charge = await viaProvider(deps, () => provider.charge(intentRequest(order)));
  if (charge.status !== "requires_confirmation") {
    throw new Error(`${provider.name} answered ${charge.status} to a payment to confirm`);
  }
  const held = await attachPayment(deps, order, charge.reference);
  return {
    status: "awaiting_payment",
    order: await readOrderView(db, held),
    accessKey: orderAccessKey(order.id, idempotencyKey),
    clientSecret: charge.clientSecret,
  };
}
