import { escapeHtml } from "../lib/html.ts";
import type { MailTemplate } from "./template.ts";

export interface StoreInvitationData {
  brand: string;
  /** The page that takes the admin's password, with the link's token. */
  link: string;
  /** How many days the link works. */
  days: number;
}

export const storeInvitation: MailTemplate<StoreInvitationData> = {
  description:
    "To a new store's owner when the operators open it: what the store is, the link to choose the admin password, and how long it works.",
  compose({ brand, link, days }) {
    const lines = [
      `Your store ${brand} is open.`,
      `To sign in to its admin, choose your password with this link within ${days} days:`,
    ];
    return {
      subject: `${brand} is ready: choose your admin password`,
      text: [...lines, "", link, "", "The link works once."].join("\n"),
      html: `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("")}<p><a href="${escapeHtml(link)}">Choose your password</a></p><p>The link works once.</p>`,
    };
  },
};
