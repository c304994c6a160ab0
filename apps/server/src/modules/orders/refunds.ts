import { DomainError, REFUND_MESSAGES, type RefundRequest } from "@storefront/domain";
import { and, eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/index.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { findOrder, type RefundRow, refundableOf } from "./admin-orders.ts";
import type { OrderRow } from "./order-reads.ts";
import { orderRefunds, orders } from "./schema.ts";

/**
 * Writes a refund of a paid order `pending`, once per Idempotency-Key: the same key answers the
 * refund it wrote (refused when its order, amount or restocking differ). Refused for an order not
 * paid, an amount above what is left, or a second restock.
 */
export async function openRefund(
  db: Database,
  storeId: string,
  number: number,
  actorUserId: string,
  idempotencyKey: string,
  request: RefundRequest,
): Promise<{ row: RefundRow; order: OrderRow }> {
  return db
    .transaction(async (tx) => {
      const order = await findOrder(tx, storeId, number, "for update");
      const refunds = await tx
        .select()
        .from(orderRefunds)
        .where(eq(orderRefunds.orderId, order.id));
      const earlier = await tx
        .select()
        .from(orderRefunds)
        .where(
          and(eq(orderRefunds.storeId, storeId), eq(orderRefunds.idempotencyKey, idempotencyKey)),
        );
      const same = earlier[0];
      if (same) {
        const matches =
          same.orderId === order.id &&
          same.amount === request.amount &&
          same.restock === request.restock;
        if (!matches) throw new DomainError("conflict", REFUND_MESSAGES.keyReused);
        return { row: same, order };
      }
      if (order.status !== "paid" || !order.paymentReference) {
        throw new DomainError("conflict", REFUND_MESSAGES.notPaid);
      }
      const left = refundableOf(order, refunds);
      if (request.amount > left) {
        const message = REFUND_MESSAGES.tooMuch(left, order.currency);
        throw new DomainError("invalid", message, { amount: message });
      }
      if (
        request.restock &&
        (order.restocked || refunds.some((r) => r.restock && r.status !== "failed"))
      ) {
        throw new DomainError("conflict", REFUND_MESSAGES.alreadyRestocked);
      }
      const [row] = await tx
        .insert(orderRefunds)
        .values({
          storeId,
          orderId: order.id,
          idempotencyKey,
          amount: request.amount,
          restock: request.restock,
          reason: request.reason,
          actorUserId,
        })
        .returning();
      if (!row) throw new Error("the refund was not written");
      return { row, order };
    })
    .catch((err: unknown) => {
      // The same key sent at the same moment for another order: the unique key refuses one.
      if (isUniqueViolation(err)) throw new DomainError("conflict", REFUND_MESSAGES.keyReused);
      throw err;
    });
}

/** The processor refused the refund: it ends failed, with the processor's reason. */
export async function failRefund(db: Database, refundId: string, message: string): Promise<void> {
  await db
    .update(orderRefunds)
    .set({ status: "failed", failureMessage: message.slice(0, 500), completedAt: new Date() })
    .where(and(eq(orderRefunds.id, refundId), eq(orderRefunds.status, "pending")));
}

/** What a refund changed on its order, for the audit. */
interface RefundedOrder {
  before: { refundedAmount: number; restocked: boolean } | null;
  after: { refundedAmount: number; restocked: boolean } | undefined;
}

/**
 * The processor refunded: the refund succeeds and the order's refunded amount (and restocked
 * mark) grow, in the caller's transaction. Null when another request with the same key finished
 * it first.
 */
export async function completeRefund(
  tx: Transaction,
  row: RefundRow,
  orderId: string,
): Promise<RefundedOrder | null> {
  const [done] = await tx
    .update(orderRefunds)
    .set({ status: "succeeded", completedAt: new Date() })
    .where(and(eq(orderRefunds.id, row.id), eq(orderRefunds.status, "pending")))
    .returning({ id: orderRefunds.id });
  if (!done) return null;
  const [before] = await tx
    .select({ refundedAmount: orders.refundedAmount, restocked: orders.restocked })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  const [after] = await tx
    .update(orders)
    .set({
      refundedAmount: sql`${orders.refundedAmount} + ${row.amount}`,
      restocked: row.restock ? true : orders.restocked,
      updatedAt: new Date(),
    })
    .where(eq(orders.id, orderId))
    .returning({ refundedAmount: orders.refundedAmount, restocked: orders.restocked });
  return { before: before ?? null, after };
}
