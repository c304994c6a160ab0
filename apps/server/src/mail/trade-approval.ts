import { escapeHtml } from "../lib/html.ts";
import type { MailTemplate } from "./template.ts";

export interface TradeApprovalData {
  brand: string;
  firstName: string;
  /** A new account's link to choose its password, or an existing account's sign-in page. */
  link: { kind: "choose-password" | "sign-in"; url: string };
}

export const tradeApproval: MailTemplate<TradeApprovalData> = {
  description:
    "To the applicant when the store approves a trade application: a link to choose the new account's password, or to sign in to the account that now has trade prices.",
  compose({ brand, firstName, link }) {
    const action =
      link.kind === "choose-password"
        ? {
            intro: `we have made you a ${brand} trade account. To sign in, choose its password within the next 7 days (the link works once):`,
            label: "Choose your password",
          }
        : {
            intro: `your ${brand} account now has trade prices. Sign in as usual to see them:`,
            label: "Sign in",
          };
    const text = [
      `Hello ${firstName},`,
      "",
      `Your trade application is approved: ${action.intro}`,
      "",
      link.url,
      "",
      "Trade prices show on every product, in the cart and at checkout once you are signed in.",
    ].join("\n");
    const html = `<p>Hello ${escapeHtml(firstName)},</p><p>Your trade application is approved: ${escapeHtml(action.intro)}</p><p><a href="${escapeHtml(link.url)}">${escapeHtml(action.label)}</a></p><p>Trade prices show on every product, in the cart and at checkout once you are signed in.</p>`;
    return { subject: `Your ${brand} trade account is ready`, text, html };
  },
};
