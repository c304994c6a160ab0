import { type Currency, formatMoney, type SubscriptionStatus } from "@storefront/domain";
import { escapeHtml } from "../lib/html.ts";
import type { MailTemplate } from "./template.ts";

export interface RenewalFailedData {
  brand: string;
  /** The subscription as the failure left it: retried on `retryOn`, or paused. */
  subscription: {
    productTitle: string;
    planLabel: string;
    price: number;
    quantity: number;
    currency: Currency;
    cardLast4: string | null;
    status: SubscriptionStatus;
    retryOn: string | null;
  };
  failure: { kind: "declined" | "out_of_stock" | "not_sold" | "no_card"; message: string };
  /** The account's subscriptions, where the shopper acts; null without a domain to link to. */
  accountUrl: string | null;
}

export const renewalFailed: MailTemplate<RenewalFailedData> = {
  description:
    "To the subscriber when a renewal fails (a declined card, no stock, a product no longer sold, no card kept): why, the next try or the pause, and their account's subscriptions.",
  compose({ brand, subscription: sub, failure, accountUrl: account }) {
    const what = `${sub.planLabel.toLowerCase()} delivery of ${sub.productTitle} (${formatMoney(sub.price * sub.quantity, sub.currency)})`;
    const card = sub.cardLast4 ? `your card ending ${sub.cardLast4}` : "your card";
    const reason =
      failure.kind === "declined"
        ? `We could not charge ${card} for your ${what}: ${failure.message}`
        : failure.kind === "out_of_stock"
          ? `We could not send your ${what}: ${failure.message}`
          : `We could not renew your ${what}: ${failure.message}`;
    const next =
      sub.status !== "paused"
        ? `We will try again on ${sub.retryOn}.`
        : failure.kind === "no_card"
          ? "Your subscription is paused."
          : "Your subscription is paused. Resume it on your account when you are ready.";
    const act = "Manage the subscription on your account";
    const lines = [reason, "", next, ...(account ? ["", `${act}: ${account}`] : [])];
    return {
      subject:
        sub.status === "paused"
          ? `Your ${sub.productTitle} subscription at ${brand} is paused`
          : `Your ${sub.productTitle} subscription at ${brand} could not be renewed`,
      text: lines.join("\n"),
      html: [
        `<p>${escapeHtml(reason)}</p>`,
        `<p>${escapeHtml(next)}</p>`,
        account ? `<p><a href="${escapeHtml(account)}">${escapeHtml(act)}</a></p>` : "",
      ].join(""),
    };
  },
};
