import { escapeHtml } from "../lib/html.ts";
import type { MailTemplate } from "./template.ts";

export interface ShippingNoticeData {
  brand: string;
  order: {
    number: number;
    name: string;
    carrier: string | null;
    trackingNumber: string | null;
  };
  /** The order's page; null when the store has no domain to link to. */
  link: string | null;
}

export const shippingNotice: MailTemplate<ShippingNoticeData> = {
  description:
    "To the buyer when the store marks an order shipped, and again when it corrects the tracking number: the carrier, the number and the order's page.",
  compose({ brand, order, link }) {
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
    return { subject: `Your ${brand} order #${order.number} has shipped`, text, html };
  },
};
