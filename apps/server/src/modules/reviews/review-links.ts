// The one-time review links of paid orders' emails: the token, and the order a link proves.
import { DomainError, REVIEW_MESSAGES as M } from "@storefront/domain";
import { and, eq } from "drizzle-orm";
import { orderLines, orders, reviews } from "../../db/schema.ts";
import { sign, unsign } from "../../lib/session-key.ts";
import type { ReviewDeps } from "./review-deps.ts";
/** The one-time review link of a paid order's product, for its email: the buyer's proof. */
export function reviewLinkToken(key: Buffer, orderId: string, productId: string): string {
  return sign(key, `review:${orderId}:${productId}`);
}

const LINK_VALUE = /^review:([0-9a-f-]{36}):([0-9a-f-]{36})$/;

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
  const match = LINK_VALUE.exec(unsign(deps.linkKey, token) ?? "");
  const orderId = match?.[1];
  if (!orderId || match?.[2] !== productId) throw invalid;
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
