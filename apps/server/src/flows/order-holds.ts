/**
 * What an unpaid order holds while it awaits payment, taken in the transaction that writes it and
 * given back when it ends unpaid: its items' stock (catalog), its code's redemption and its
 * buyer's once-per-customer use (discounts), and the points it spends (accounts).
 */
import type { Transaction } from "../db/index.ts";
import { creditPoints, spendPoints } from "../modules/accounts/writers.ts";
import type { StockLine } from "../modules/catalog/index.ts";
import { giveStockBack, takeStock } from "../modules/catalog/writers.ts";
import {
  claimOncePerCustomer,
  giveRedemptionBack,
  redeemCode,
  releaseCustomerUse,
} from "../modules/discounts/writers.ts";
import type { OrderRow } from "../modules/orders/index.ts";
import { orderStockLines } from "../modules/orders/index.ts";

type HoldingOrder = Pick<
  OrderRow,
  "id" | "storeId" | "userId" | "email" | "discountCodeId" | "pointsSpent"
>;

/**
 * Step: takes the lines' stock (guarded), counts the code's redemption (guarded) and, unless the
 * order claimed it before (`claim: false`, an expired order revived), its once-per-customer use,
 * and spends the buyer's points (guarded). Any guard refuses the whole order.
 */
export async function takeHolds(
  tx: Transaction,
  order: HoldingOrder,
  lines: readonly StockLine[],
  { claim }: { claim: boolean },
): Promise<void> {
  await takeStock(tx, order.storeId, lines);
  if (order.discountCodeId) {
    await redeemCode(tx, order.storeId, order.discountCodeId);
    if (claim) await claimOncePerCustomer(tx, order.discountCodeId, order);
  }
  await spendPoints(tx, order);
}

/** Step: gives back what an order that ended unpaid held (see takeHolds). */
export async function giveHoldsBack(
  tx: Transaction,
  order: Omit<HoldingOrder, "email">,
): Promise<void> {
  await giveStockBack(tx, order.storeId, await orderStockLines(tx, order.id));
  if (order.discountCodeId) {
    await giveRedemptionBack(tx, order.storeId, order.discountCodeId);
    await releaseCustomerUse(tx, order.id);
  }
  if (order.userId && order.pointsSpent > 0) {
    await creditPoints(tx, order.storeId, order.userId, order.pointsSpent);
  }
}
