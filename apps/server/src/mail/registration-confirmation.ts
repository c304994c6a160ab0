import { CONFIRMATION_LINK_HOURS } from "@storefront/domain";
import { escapeHtml } from "../lib/html.ts";
import type { MailTemplate } from "./template.ts";

export interface RegistrationConfirmationData {
  brand: string;
  firstName: string;
  /** The page that finishes the registration, with the link's token. */
  link: string;
}

export const registrationConfirmation: MailTemplate<RegistrationConfirmationData> = {
  description: `To the email of a new registration: the link that creates the account and signs it in (${CONFIRMATION_LINK_HOURS} hours, once).`,
  compose({ brand, firstName, link }) {
    const lines = [
      `Hello ${firstName},`,
      "",
      `Thank you for creating a ${brand} account. To finish, open this link within the next ${CONFIRMATION_LINK_HOURS} hours:`,
      "",
      link,
      "",
      "The link works once and signs you in. If you did not ask for an account, ignore this email: no account is created.",
    ];
    const html = `<p>Hello ${escapeHtml(firstName)},</p><p>Thank you for creating a ${escapeHtml(brand)} account. To finish, open this link within the next ${CONFIRMATION_LINK_HOURS} hours:</p><p><a href="${escapeHtml(link)}">Confirm your email and sign in</a></p><p>The link works once and signs you in. If you did not ask for an account, ignore this email: no account is created.</p>`;
    return { subject: `Confirm your email for ${brand}`, text: lines.join("\n"), html };
  },
};
