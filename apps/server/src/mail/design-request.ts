import { gardenDesignSummary, type StoredDesignRequest } from "@storefront/domain";
import { escapeHtml } from "../lib/html.ts";
import { fieldLines, fieldRows, type MailTemplate, oneLine, receivedAt } from "./template.ts";

export interface DesignRequestData {
  brand: string;
  request: StoredDesignRequest;
}

export const designRequest: MailTemplate<DesignRequestData> = {
  description:
    "To the store's owner when a visitor sends the Garden Design Form: the request laid out as in the form's summary; a reply goes to the visitor.",
  compose({ brand, request }) {
    const { layoutData } = request;
    const rows = gardenDesignSummary(layoutData);
    const name = oneLine(layoutData.name);
    const received = receivedAt(request.created_at);
    const text = [
      `A visitor asked ${brand} for a garden design.`,
      "",
      ...fieldLines(rows),
      "",
      `Received ${received} (request ${request.id}). Reply to this email to answer ${name}.`,
    ].join("\n");
    const html = `<p>A visitor asked ${escapeHtml(brand)} for a garden design.</p><table>${fieldRows(rows)}</table><p>Received ${escapeHtml(received)} (request ${escapeHtml(request.id)}). Reply to this email to answer ${escapeHtml(name)}.</p>`;
    return { subject: `New garden design request from ${name}`, text, html };
  },
};
