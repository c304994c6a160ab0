import { formatMoney, lineSummary } from "@storefront/domain";
import { and, asc, eq } from "drizzle-orm";
import { compiled } from "../../db/compiled.ts";
import type { Database } from "../../db/index.ts";
import { orderLines, products } from "../../db/schema.ts";
import { escapeHtml } from "../../lib/html.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { reviewLinkToken } from "../reviews/index.ts";
import { storeBrandName, storeLinkOrigin } from "../stores/index.ts";
import { orderAccessKey } from "./order-lifecycle.ts";
import { type OrderLineRow, type OrderRow, orderView, readOrderView } from "./order-reads.ts";

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
 * The order confirmation: what was bought, the totals, where it ships, the link to the order
 * page (which works for a guest through its key) and a review link per product.
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
  const money = (amount: number) => formatMoney(amount, view.currency);
  const totals: [string, string][] = [
    ["Subtotal", money(view.subtotal)],
    ...(view.discountAmount > 0
      ? [
          [
            `Discount${view.discountCode ? ` (${view.discountCode})` : ""}`,
            `−${money(view.discountAmount)}`,
          ] as [string, string],
        ]
      : []),
    ...(view.pointsDiscount > 0
      ? [[`Points (${view.pointsSpent})`, `−${money(view.pointsDiscount)}`] as [string, string]]
      : []),
    ...(view.requiresShipping
      ? [
          [
            `Shipping (${view.shippingLabel})`,
            view.shippingAmount === 0 ? "Free" : money(view.shippingAmount),
          ] as [string, string],
        ]
      : []),
    ...view.taxLines.map((t): [string, string] => [t.name, money(t.amount)]),
    ["Total", money(view.total)],
  ];
  const lines = view.lines.map((l) => lineSummary(l, money(l.lineTotal)));
  const a = view.address;
  // Nothing shipped: the address holds only the region and postal code tax needed.
  const address = view.requiresShipping
    ? [view.name, a.line1, a.line2, `${a.city}, ${a.region} ${a.postalCode}`, a.country].filter(
        Boolean,
      )
    : [];
  const paidLine = view.requiresShipping
    ? `Order #${view.number} is paid and on its way to being packed.`
    : `Order #${view.number} is paid. Nothing in it is shipped: we will deliver it by email to this address.`;
  const text = [
    `Thank you for your order, ${view.name}!`,
    "",
    paidLine,
    "",
    ...lines,
    "",
    ...totals.map(([label, value]) => `${label}: ${value}`),
    ...(address.length ? ["", "Shipping to:", ...address] : []),
    ...(link ? ["", `See your order: ${link}`] : []),
    ...(reviews.length
      ? [
          "",
          "Tell other shoppers what you think:",
          ...reviews.map((r) => `Review ${r.title}: ${r.url}`),
        ]
      : []),
  ].join("\n");
  const html = [
    `<p>Thank you for your order, ${escapeHtml(view.name)}!</p>`,
    `<p>${escapeHtml(paidLine)}</p>`,
    `<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join("")}</ul>`,
    `<table>${totals.map(([label, value]) => `<tr><td>${escapeHtml(label)}</td><td>${escapeHtml(value)}</td></tr>`).join("")}</table>`,
    address.length ? `<p>Shipping to:<br>${address.map(escapeHtml).join("<br>")}</p>` : "",
    link ? `<p><a href="${escapeHtml(link)}">See your order</a></p>` : "",
    reviews.length
      ? `<p>Tell other shoppers what you think:</p><ul>${reviews.map((r) => `<li><a href="${escapeHtml(r.url)}">Review ${escapeHtml(r.title)}</a></li>`).join("")}</ul>`
      : "",
  ].join("");
  await mailer.send({
    storeId: order.storeId,
    to: view.email,
    subject: `Your ${brand} order #${view.number}`,
    text,
    html,
  });
}

/**
 * Tells the buyer their order is on its way: the carrier, the tracking number and the link to
 * the order page, which shows them too. Sent again when the store corrects the number.
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
  const tracking = `${order.carrier ?? ""} tracking number: ${order.trackingNumber ?? ""}`.trim();
  const text = [
    `Good news, ${order.name}: your ${brand} order #${order.number} has shipped.`,
    "",
    tracking,
    ...(link ? ["", `See your order: ${link}`] : []),
  ].join("\n");
  const html = [
    `<p>Good news, ${escapeHtml(order.name)}: your ${escapeHtml(brand)} order #${order.number} has shipped.</p>`,
    `<p>${escapeHtml(tracking)}</p>`,
    link ? `<p><a href="${escapeHtml(link)}">See your order</a></p>` : "",
  ].join("");
  await mailer.send({
    storeId: order.storeId,
    to: order.email,
    subject: `Your ${brand} order #${order.number} has shipped`,
    text,
    html,
  });
}
