// Which reviews come from a buyer of the product: the 'Verified Buyer' badge.
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/index.ts";
import { orderLines, orders } from "../orders/index.ts";
import type { ReviewRow } from "./review-views.ts";
import { reviews } from "./schema.ts";
/**
 * The reviews (by row id) that come from a buyer: written by a signed-in account that has a paid
 * order of this store containing the reviewed product, or with the one-time link of a paid
 * order's email: the 'Verified Buyer' badge. An email typed into the form proves nothing (anyone
 * can type a buyer's address), so it never verifies. This is the one place that decides it.
 */
export async function verifiedReviewIds(
  db: Database,
  storeId: string,
  rows: readonly Pick<ReviewRow, "id" | "productId">[],
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const ids = rows.map((r) => r.id);
  const [byAccount, byLink] = await Promise.all([
    accountVerified(db, storeId, ids),
    db
      .select({ id: reviews.id })
      .from(reviews)
      .innerJoin(orders, and(eq(orders.id, reviews.verifiedOrderId), eq(orders.status, "paid")))
      .where(and(eq(reviews.storeId, storeId), inArray(reviews.id, ids))),
  ]);
  return new Set([...byAccount, ...byLink].map((r) => r.id));
}

async function accountVerified(db: Database, storeId: string, ids: string[]) {
  return db
    .selectDistinct({ id: reviews.id })
    .from(reviews)
    .innerJoin(
      orders,
      and(
        eq(orders.storeId, storeId),
        eq(orders.status, "paid"),
        eq(orders.userId, reviews.userId),
      ),
    )
    .innerJoin(
      orderLines,
      and(eq(orderLines.orderId, orders.id), eq(orderLines.productId, reviews.productId)),
    )
    .where(and(eq(reviews.storeId, storeId), inArray(reviews.id, ids)));
}
