import {
  CHECKOUT_MESSAGES,
  DomainError,
  type PlacedOrder,
  type PlaceOrderRequest,
} from "@storefront/domain";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/index.ts";
import { paymentEvents } from "../../db/schema.ts";
import { completeOrder, insertOrder, orderAccessKey } from "../orders/order-lifecycle.ts";
import { findOrderByKey, type OrderRow, readOrderView } from "../orders/order-reads.ts";
import { answerFor, lockUnchangedCart, type OrderAttempt, viaProvider } from "./order-attempt.ts";

/** Whether the charge under this key was refunded after its order could not be placed. */
async function chargeRefunded(db: Database, chargeKey: string): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(eq(paymentEvents.id, `refunded:${chargeKey}`));
  return row !== undefined;
}

/**
 * The paid path (the test processor): the card is charged first, then ONE transaction writes the
 * paid order and its lines, takes the stock (guarded), counts the code's redemption (guarded) and
 * empties the cart; if that fails (the last unit went to someone else) the charge is refunded.
 */
export async function placePaidOrder(
  attempt: OrderAttempt,
  card: PlaceOrderRequest["card"],
): Promise<PlacedOrder> {
  const { deps, owner, idempotencyKey, cart, draft, now } = attempt;
  const { db, provider } = deps;
  // One charge per attempt and amount; a charge refunded after a failed placement is never used
  // again (a retry of that attempt must start a new one).
  const chargeKey = `checkout-${owner.storeId}-${idempotencyKey}-${draft.total}`;
  if (await chargeRefunded(db, chargeKey)) {
    throw new DomainError("conflict", CHECKOUT_MESSAGES.attemptEnded);
  }
  const charge = await viaProvider(deps, () =>
    provider.charge({
      storeId: owner.storeId,
      orderId: null,
      description: `Order from ${draft.email}`,
      amount: draft.total,
      currency: draft.currency,
      email: draft.email,
      idempotencyKey: chargeKey,
      card,
    }),
  );
  if (charge.status === "declined") throw new DomainError("payment_declined", charge.message);
  if (charge.status !== "succeeded") {
    throw new Error(`${provider.name} answered ${charge.status} to a payment made now`);
  }
  let order: OrderRow;
  try {
    order = await db.transaction(async (tx) => {
      await lockUnchangedCart(tx, owner, cart);
      const row = await insertOrder(tx, draft, { status: "awaiting_payment", now });
      await completeOrder(tx, row, charge, now);
      return { ...row, status: "paid" as const, paidAt: now };
    });
  } catch (err) {
    // A concurrent request of the same attempt placed the order with this very charge.
    const winner = await findOrderByKey(db, owner.storeId, idempotencyKey);
    if (winner) return answerFor(deps, winner, idempotencyKey, owner);
    await viaProvider(deps, () => provider.refund(charge.reference, `${chargeKey}-refund`));
    await db
      .insert(paymentEvents)
      .values({ id: `refunded:${chargeKey}`, provider: provider.name, type: "refund" })
      .onConflictDoNothing();
    throw err;
  }
  const accessKey = orderAccessKey(order.id, idempotencyKey);
  deps.onPaid(order);
  const paid = await findOrderByKey(db, owner.storeId, idempotencyKey);
  return { status: "paid", order: await readOrderView(db, paid ?? order), accessKey };
}
