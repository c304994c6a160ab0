import { escapeHtml } from "../lib/html.ts";

/** A mail as its template writes it; the store's mailer puts its frame round the HTML. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/**
 * One mail the system sends, as in Vendure's email handlers: what it is and who gets it (for a
 * reader of the registry), and its subject and bodies from its data. A template reads nothing:
 * the module that sends it gathers the data (names, links, amounts) and the address.
 */
export interface MailTemplate<Data> {
  readonly description: string;
  compose(data: Data): MailContent;
}

/** A name or title as a subject holds it: one line (a form's field may hold line breaks). */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, " ");
}

/** When a notice's request arrived, to the minute: `2026-12-07 14:03 UTC`. */
export function receivedAt(iso: string): string {
  return `${iso.slice(0, 16).replace("T", " ")} UTC`;
}

/** A form's fields as a notice lists them: a `Label: value` line each, further lines indented. */
export function fieldLines(fields: readonly { label: string; value: string }[]): string[] {
  return fields.map(({ label, value }) => `${label}: ${value.replace(/\r?\n/g, "\n  ")}`);
}

/** The same fields as the rows of the notice's HTML table. */
export function fieldRows(fields: readonly { label: string; value: string }[]): string {
  return fields
    .map(
      ({ label, value }) =>
        `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0">${escapeHtml(label)}</th><td style="padding:4px 0;white-space:pre-line">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
}

/** Lines of text as an HTML list. */
export function htmlList(items: readonly string[]): string {
  return `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>`;
}
