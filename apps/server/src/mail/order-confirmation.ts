import { formatMoney, lineSummary, type OrderView } from "@storefront/domain";
import { escapeHtml } from "../lib/html.ts";
import { htmlList, type MailTemplate } from "./template.ts";

export interface OrderConfirmationData {
  brand: string;
  order: OrderView;
  /** The order's page (its key lets a guest in); null when the store has no domain to link to. */
  link: string | null;
  /** One link per published product of the order, opening its review dialog. */
  reviews: readonly { title: string; url: string }[];
}

/** The totals' rows: subtotal, what came off, shipping, taxes and the total. */
function totals(order: OrderView): [string, string][] {
  const money = (amount: number) => formatMoney(amount, order.currency);
  return [
    ["Subtotal", money(order.subtotal)],
    ...(order.discountAmount > 0
      ? [
          [
            `Discount${order.discountCode ? ` (${order.discountCode})` : ""}`,
            `−${money(order.discountAmount)}`,
          ] as [string, string],
        ]
      : []),
    ...(order.pointsDiscount > 0
      ? [[`Points (${order.pointsSpent})`, `−${money(order.pointsDiscount)}`] as [string, string]]
      : []),
    ...(order.requiresShipping
      ? [
          [
            `Shipping (${order.shippingLabel})`,
            order.shippingAmount === 0 ? "Free" : money(order.shippingAmount),
          ] as [string, string],
        ]
      : []),
    ...order.taxLines.map((t): [string, string] => [t.name, money(t.amount)]),
    ["Total", money(order.total)],
  ];
}

export const orderConfirmation: MailTemplate<OrderConfirmationData> = {
  description:
    "To the buyer when an order is paid (at checkout, by Stripe's webhook, or a subscription's renewal): what was bought, the totals, where it ships, the order's page and a review link per product.",
  compose({ brand, order: view, link, reviews }) {
    const money = (amount: number) => formatMoney(amount, view.currency);
    const rows = totals(view);
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
      ...rows.map(([label, value]) => `${label}: ${value}`),
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
      htmlList(lines),
      `<table>${rows.map(([label, value]) => `<tr><td>${escapeHtml(label)}</td><td>${escapeHtml(value)}</td></tr>`).join("")}</table>`,
      address.length ? `<p>Shipping to:<br>${address.map(escapeHtml).join("<br>")}</p>` : "",
      link ? `<p><a href="${escapeHtml(link)}">See your order</a></p>` : "",
      reviews.length
        ? `<p>Tell other shoppers what you think:</p><ul>${reviews.map((r) => `<li><a href="${escapeHtml(r.url)}">Review ${escapeHtml(r.title)}</a></li>`).join("")}</ul>`
        : "",
    ].join("");
    return { subject: `Your ${brand} order #${view.number}`, text, html };
  },
};
