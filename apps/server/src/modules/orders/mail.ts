import { and, asc, eq } from "drizzle-orm";
import { compiled } from "../../db/compiled.ts";
import type { Database } from "../../db/index.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { sendMail } from "../../mail/index.ts";
import { products } from "../catalog/index.ts";
import { storeBrandName, storeLinkOrigin } from "../stores/index.ts";
import { orderAccessKey } from "./order-lifecycle.ts";
import { type OrderLineRow, type OrderRow, orderView, readOrderView } from "./order-reads.ts";
import { reviewLinkToken } from "./review-link-token.ts";
import { orderLines } from "./schema.ts";

/** The page a buyer reads an order on; the key lets a guest in. */
export function orderLink(origin: string, number: number, accessKey: string): string {
  return `${origin}/orders/${number}?key=${encodeURIComponent(accessKey)}`;
}

/** The published products an order holds, by title. */
const productsBought = compiled(["orderId"], (db, p) =>
  db
    .selectDistinct({ id: products.id, handle: products.handle, title: products.title })
    .from(orderLines)
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(and(eq(orderLines.orderId, p.orderId), eq(products.published, true)))
    .orderBy(asc(products.title)),
);

/**
 * One review link per product of the order: its page, opening the review dialog with a one-time
 * token that makes the review a 'Verified Buyer' one, for a guest too.
 */
async function reviewLinks(
  db: Database,
  order: OrderRow,
  origin: string,
  linkKey: Buffer,
): Promise<{ title: string; url: string }[]> {
  const bought = await productsBought(db, { orderId: order.id });
  return bought.map((p) => ({
    title: p.title,
    url: `${origin}/products/${encodeURIComponent(p.handle)}?review=${encodeURIComponent(reviewLinkToken(linkKey, order.id, p.id))}#reviews`,
  }));
}

/**
 * Sends the order confirmation (`mail/order-confirmation.ts`) with what it shows: the order, the
 * link to its page (which works for a guest through its key) and a review link per product.
 */
export async function sendOrderConfirmation(
  db: Database,
  mailer: Mailer,
  order: OrderRow,
  /** The request's origin; null for a renewal, sent by a timed job. */
  requestOrigin: URL | null,
  linkKey: Buffer,
  /** The order's lines, when the caller has them (it just wrote them); else they are read. */
  orderLineRows?: readonly OrderLineRow[],
): Promise<void> {
  const accessKey = orderAccessKey(order.id, order.idempotencyKey);
  const view = orderLineRows ? orderView(order, orderLineRows) : await readOrderView(db, order);
  const brand = (await storeBrandName(db, order.storeId)) ?? "our store";
  const origin = await storeLinkOrigin(db, order.storeId, requestOrigin);
  const link = origin ? orderLink(origin, view.number, accessKey) : null;
  const reviews = origin ? await reviewLinks(db, order, origin, linkKey) : [];
  await sendMail(
    mailer,
    "orderConfirmation",
    { storeId: order.storeId, to: view.email },
    { brand, order: view, link, reviews },
  );
}

/**
 * Tells the buyer their order is on its way (`mail/shipping-notice.ts`): the carrier, the
 * tracking number and the link to the order page, which shows them too. Sent again when the
 * store corrects the number.
 */
export async function sendShippingNotice(
  db: Database,
  mailer: Mailer,
  order: OrderRow,
  requestOrigin: URL | null,
): Promise<void> {
  const brand = (await storeBrandName(db, order.storeId)) ?? "our store";
  const origin = await storeLinkOrigin(db, order.storeId, requestOrigin);
  const link = origin
    ? orderLink(origin, order.number, orderAccessKey(order.id, order.idempotencyKey))
    : null;
  await sendMail(
    mailer,
    "shippingNotice",
    { storeId: order.storeId, to: order.email },
    { brand, order, link },
  );
}
