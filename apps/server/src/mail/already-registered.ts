import { escapeHtml } from "../lib/html.ts";
import type { MailTemplate } from "./template.ts";

export interface AlreadyRegisteredData {
  brand: string;
  firstName: string;
  /** The sign-in page, and the same page's form that asks for a reset link. */
  signInUrl: string;
  resetUrl: string;
}

export const alreadyRegistered: MailTemplate<AlreadyRegisteredData> = {
  description:
    "To an account's email when someone registers with it again: nothing was created; sign in, or choose a new password.",
  compose({ brand, firstName, signInUrl: signIn, resetUrl: reset }) {
    const lines = [
      `Hello ${firstName},`,
      "",
      `Someone, perhaps you, tried to create a ${brand} account with this email address. You already have an account, so nothing was created and nothing has changed.`,
      "",
      `If it was you, sign in: ${signIn}`,
      `Forgot your password? Choose a new one: ${reset}`,
      "",
      "If it was not you, ignore this email: your account and password stay as they are.",
    ];
    const html = `<p>Hello ${escapeHtml(firstName)},</p><p>Someone, perhaps you, tried to create a ${escapeHtml(brand)} account with this email address. You already have an account, so nothing was created and nothing has changed.</p><p>If it was you, <a href="${escapeHtml(signIn)}">sign in</a>. Forgot your password? <a href="${escapeHtml(reset)}">Choose a new one</a>.</p><p>If it was not you, ignore this email: your account and password stay as they are.</p>`;
    return {
      subject: `Someone tried to create a ${brand} account with your email`,
      text: lines.join("\n"),
      html,
    };
  },
};
