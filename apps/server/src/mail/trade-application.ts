import {
  type StoredTradeApplication,
  TRADE_LABELS,
  type TradeApplication,
} from "@storefront/domain";
import { escapeHtml } from "../lib/html.ts";
import { fieldLines, fieldRows, type MailTemplate, oneLine, receivedAt } from "./template.ts";

export interface TradeApplicationData {
  brand: string;
  application: StoredTradeApplication;
}

export const tradeApplication: MailTemplate<TradeApplicationData> = {
  description:
    "To the store's owner when a visitor applies for a trade account: every field of the application; a reply goes to the applicant.",
  compose({ brand, application }) {
    const fields = Object.entries(TRADE_LABELS).map(([key, label]) => ({
      label,
      value: application.application[key as keyof TradeApplication] || "—",
    }));
    const business = oneLine(application.application.businessName);
    const received = receivedAt(application.createdAt);
    const text = [
      `${business} applied to be a ${brand} trade partner.`,
      "",
      ...fieldLines(fields),
      "",
      `Received ${received} (application ${application.id}). Approve it in the store's admin; reply to this email to write to the applicant.`,
    ].join("\n");
    const html = `<p>${escapeHtml(business)} applied to be a ${escapeHtml(brand)} trade partner.</p><table>${fieldRows(fields)}</table><p>Received ${escapeHtml(received)} (application ${escapeHtml(application.id)}). Approve it in the store's admin; reply to this email to write to the applicant.</p>`;
    return { subject: `New trade application from ${business}`, text, html };
  },
};
