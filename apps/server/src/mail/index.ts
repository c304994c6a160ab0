/**
 * Every mail the system sends, in one registry: each is a template (one file of this folder, as
 * Vendure's email handlers are) from its data to its subject, text and HTML. Modules and flows
 * send one by its name, its address and its data (`sendMail`); they gather the data, the
 * template writes the words. The store's mailer (modules/stores/mail.ts) then sends it from the
 * store, in the store's frame (`frame.ts`).
 */
import type { Mailer, MailMessage } from "../lib/mailer.ts";
import { alreadyRegistered } from "./already-registered.ts";
import { cartReminder } from "./cart-reminder.ts";
import { chatQuestion } from "./chat-question.ts";
import { designRequest } from "./design-request.ts";
import { orderConfirmation } from "./order-confirmation.ts";
import { passwordReset } from "./password-reset.ts";
import { registrationConfirmation } from "./registration-confirmation.ts";
import { renewalFailed } from "./renewal-failed.ts";
import { shippingNotice } from "./shipping-notice.ts";
import { storeInvitation } from "./store-invitation.ts";
import type { MailTemplate } from "./template.ts";
import { tradeApplication } from "./trade-application.ts";
import { tradeApproval } from "./trade-approval.ts";

export { type MailLook, storeMailHtml, textAsHtml } from "./frame.ts";
export type { MailContent, MailTemplate } from "./template.ts";

const TEMPLATES = {
  // To shoppers and account holders.
  orderConfirmation,
  shippingNotice,
  renewalFailed,
  cartReminder,
  registrationConfirmation,
  alreadyRegistered,
  passwordReset,
  tradeApproval,
  // To a store's owner.
  storeInvitation,
  tradeApplication,
  designRequest,
  chatQuestion,
};

/** A mail's name in the registry. */
export type MailName = keyof typeof TEMPLATES;
/** The data a mail's template is written from. */
export type MailData<N extends MailName> =
  (typeof TEMPLATES)[N] extends MailTemplate<infer Data> ? Data : never;

/** Every mail the system sends, by name. */
export const MAIL_TEMPLATES: { readonly [N in MailName]: MailTemplate<MailData<N>> } = TEMPLATES;

/** Where a mail goes: the store it is from, the address, and a Reply-To if not the owner's. */
export type MailEnvelope = Pick<MailMessage, "storeId" | "to" | "replyTo">;

/** Writes the mail `name` from its data and sends it to the envelope's address. */
export function sendMail<N extends MailName>(
  mailer: Mailer,
  name: N,
  envelope: MailEnvelope,
  data: MailData<N>,
): Promise<void> {
  const template: MailTemplate<MailData<N>> = MAIL_TEMPLATES[name];
  return mailer.send({ ...envelope, ...template.compose(data) });
}
