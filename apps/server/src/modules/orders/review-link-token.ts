// The one-time review link an order's confirmation carries for each product: signed here, where
// the mail is written; reviews read it back (reviews/review-links.ts) when a review is sent.
import { sign, unsign } from "../../lib/session-key.ts";

/** The one-time review link of a paid order's product, for its email: the buyer's proof. */
export function reviewLinkToken(key: Buffer, orderId: string, productId: string): string {
  return sign(key, `review:${orderId}:${productId}`);
}

const LINK_VALUE = /^review:([0-9a-f-]{36}):([0-9a-f-]{36})$/;

/** The order and product a review link names, when this server signed it; else null. */
export function reviewLinkTarget(
  key: Buffer,
  token: string,
): { orderId: string; productId: string } | null {
  const match = LINK_VALUE.exec(unsign(key, token) ?? "");
  const orderId = match?.[1];
  const productId = match?.[2];
  return orderId && productId ? { orderId, productId } : null;
}
