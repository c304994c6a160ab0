// The one-time review links of paid orders' emails (orders sign them): the order a link proves.
import { DomainError, REVIEW_MESSAGES as M } from "@storefront/domain";
import { and, eq } from "drizzle-orm";
import { orderLines, orders, reviewLinkTarget } from "../orders/index.ts";
import type { ReviewDeps } from "./review-deps.ts";
import { reviews } from "./schema.ts";
/**
 * The paid order of this store whose review link this is, for this product, when nobody has
 * written a review with it yet.
 */
export async function orderOfLink(
  deps: ReviewDeps,
  storeId: string,
  productId: string,
  token: string,
): Promise<string> {
  const invalid = new DomainError("invalid", M.reviewLinkInvalid, {
    review_token: M.reviewLinkInvalid,
  });
  const target = reviewLinkTarget(deps.linkKey, token);
  if (!target || target.productId !== productId) throw invalid;
  const { orderId } = target;
  const [bought] = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(
      orderLines,
      and(eq(orderLines.orderId, orders.id), eq(orderLines.productId, productId)),
    )
    .where(and(eq(orders.id, orderId), eq(orders.storeId, storeId), eq(orders.status, "paid")))
    .limit(1);
  if (!bought) throw invalid;
  const [used] = await deps.db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.verifiedOrderId, orderId), eq(reviews.productId, productId)));
  if (used) throw linkUsed();
  return orderId;
}

export function linkUsed(): DomainError {
  return new DomainError("conflict", M.reviewLinkUsed, { review_token: M.reviewLinkUsed });
}
