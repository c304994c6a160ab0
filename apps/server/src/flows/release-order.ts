/**
 * Releasing an unpaid order (declined, expired, canceled, replaced by a newer checkout of its
 * cart): the order ends, then what it held goes back, in the caller's transaction.
 */
import { ORDER_MESSAGES, type OrderStatus } from "@storefront/domain";
import type { Transaction } from "../db/index.ts";
import type { OrderRow } from "../modules/orders/index.ts";
import { endUnpaidOrder, lockOtherUnpaidOrders } from "../modules/orders/writers.ts";
import { giveHoldsBack } from "./order-holds.ts";

/**
 * Ends an unpaid order and gives its stock, redemption and points back. Guarded on
 * `awaiting_payment`; answers whether this call ended it.
 */
export async function releaseOrder(
  tx: Transaction,
  order: Pick<OrderRow, "id" | "storeId" | "userId" | "discountCodeId" | "pointsSpent">,
  status: Exclude<OrderStatus, "paid" | "awaiting_payment">,
  message: string | null,
  now: Date,
): Promise<boolean> {
  if (!(await endUnpaidOrder(tx, order.id, status, message, now))) return false;
  await giveHoldsBack(tx, order);
  return true;
}

/**
 * Releases the cart's orders still awaiting payment (canceled), except the one of the attempt
 * under way (`keep`); answers the ones it released.
 */
export async function releaseCartOrders(
  tx: Transaction,
  storeId: string,
  cartId: string,
  now: Date,
  keep: string,
): Promise<OrderRow[]> {
  const released: OrderRow[] = [];
  for (const order of await lockOtherUnpaidOrders(tx, storeId, cartId, keep)) {
    if (await releaseOrder(tx, order, "canceled", ORDER_MESSAGES.replaced, now)) {
      released.push(order);
    }
  }
  return released;
}
