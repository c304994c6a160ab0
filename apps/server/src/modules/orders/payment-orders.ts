import { ORDER_TRANSITIONS } from "@storefront/domain";
import { and, eq, isNull } from "drizzle-orm";
import { equalOrNull as onAccount, type Transaction } from "../../db/index.ts";
import type { OrderRow } from "./order-reads.ts";
import { orders } from "./schema.ts";

/** A Stripe payment as its event names it. */
export interface PaymentOfEvent {
  reference: string;
  account: string | null;
  /** The order and store its metadata names, when the event is a success that carries them. */
  claim: { orderId: string; storeId: string } | null;
}

/**
 * The order a payment belongs to, locked: by its reference, else by the order id in its
 * metadata; only an order placed on the event's own account, so one store's account never
 * completes another's.
 */
export async function lockOrderOfPayment(
  tx: Transaction,
  payment: PaymentOfEvent,
): Promise<OrderRow | undefined> {
  const [byReference] = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.paymentProvider, "stripe"),
        eq(orders.paymentReference, payment.reference),
        onAccount(orders.paymentAccount, payment.account),
      ),
    )
    .for("update");
  if (byReference || !payment.claim) return byReference;
  // The PaymentIntent exists but its reference was never stored on the order (the request that
  // made it failed after Stripe answered): the metadata names the order.
  const [claimed] = await tx
    .update(orders)
    .set({ paymentReference: payment.reference })
    .where(
      and(
        eq(orders.id, payment.claim.orderId),
        eq(orders.storeId, payment.claim.storeId),
        eq(orders.paymentProvider, "stripe"),
        onAccount(orders.paymentAccount, payment.account),
        isNull(orders.paymentReference),
      ),
    )
    .returning();
  return claimed;
}

/** A failed try is kept on the order still awaiting payment, for the shopper to see. */
export async function recordPaymentFailure(
  tx: Transaction,
  orderId: string,
  message: string,
  now: Date,
): Promise<void> {
  await tx
    .update(orders)
    .set({ failureMessage: message, updatedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, "awaiting_payment")));
}

/** An order whose payment came too late (its stock gone, or it was canceled) ends canceled. */
export async function cancelPaidTooLate(
  tx: Transaction,
  order: Pick<OrderRow, "id" | "status">,
  message: string,
  now: Date,
): Promise<void> {
  ORDER_TRANSITIONS.check(order.status, "canceled");
  await tx
    .update(orders)
    .set({ status: "canceled", failureMessage: message, updatedAt: now })
    .where(eq(orders.id, order.id));
}
