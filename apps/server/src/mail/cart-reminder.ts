import { type CartView, formatMoney, lineSummary, RECOVERY_LINK_DAYS } from "@storefront/domain";
import { escapeHtml } from "../lib/html.ts";
import { htmlList, type MailTemplate } from "./template.ts";

export interface CartReminderData {
  brand: string;
  cart: CartView;
  /** The one-time link that puts the cart back, in any browser. */
  restoreUrl: string;
  /** The signed link that stops the store's cart reminders to this address. */
  unsubscribeUrl: string;
}

export const cartReminder: MailTemplate<CartReminderData> = {
  description:
    "To the shopper of a cart abandoned for the store's delay (once, and one a day to an address at most): the cart's lines and total, a link that restores it, and a way to stop these.",
  compose({ brand, cart: view, restoreUrl: restore, unsubscribeUrl: unsubscribe }) {
    const money = (amount: number) => formatMoney(amount, view.currency);
    const lines = view.cartItems.map((l) => lineSummary(l, money(l.line_total)));
    const text = [
      `You left these in your cart at ${brand}:`,
      "",
      ...lines,
      "",
      `Total: ${money(view.totalCost)}`,
      "",
      `Pick up where you left off (this link works once, for ${RECOVERY_LINK_DAYS} days, in any browser): ${restore}`,
      "",
      `No more cart reminders: ${unsubscribe}`,
    ].join("\n");
    const html = [
      `<p>You left these in your cart at ${escapeHtml(brand)}:</p>`,
      htmlList(lines),
      `<p>Total: ${escapeHtml(money(view.totalCost))}</p>`,
      `<p><a href="${escapeHtml(restore)}">Pick up where you left off</a> (this link works once, for ${RECOVERY_LINK_DAYS} days, in any browser).</p>`,
      `<p><a href="${escapeHtml(unsubscribe)}">No more cart reminders</a></p>`,
    ].join("");
    return { subject: `Your cart at ${brand} is waiting`, text, html };
  },
};
