import { escapeHtml } from "../lib/html.ts";
import type { MailTemplate } from "./template.ts";

export interface PasswordResetData {
  brand: string;
  firstName: string;
  /** The page that takes the new password, with the link's token (one hour, once). */
  link: string;
}

export const passwordReset: MailTemplate<PasswordResetData> = {
  description:
    "To an account's email when someone asks to reset its password: a link to choose a new one, valid an hour, once. An email without an account gets nothing.",
  compose({ brand, firstName, link }) {
    const text = [
      `Hello ${firstName},`,
      "",
      `Someone asked to reset the password of your ${brand} account. To choose a new password, open this link within the next hour:`,
      "",
      link,
      "",
      "The link works once. If you did not ask for it, ignore this email: your password stays as it is.",
    ].join("\n");
    const html = `<p>Hello ${escapeHtml(firstName)},</p><p>Someone asked to reset the password of your ${escapeHtml(brand)} account. To choose a new password, open this link within the next hour:</p><p><a href="${escapeHtml(link)}">Choose a new password</a></p><p>The link works once. If you did not ask for it, ignore this email: your password stays as it is.</p>`;
    return { subject: `Reset your ${brand} password`, text, html };
  },
};
