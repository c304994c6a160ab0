import { escapeHtml } from "../lib/html.ts";

/** How a store's mail looks: its name, its logo and its colours. */
export interface MailLook {
  brand: string;
  /** The logo as an absolute URL (mail is read away from the store); null without a domain. */
  logoUrl: string | null;
  colours: { primary: string; background: string; text: string; muted: string };
}

/** Plain text as HTML: escaped, web addresses as links, blank lines as paragraphs. */
export function textAsHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((paragraph) => {
      const lines = paragraph.split("\n").map((line) =>
        // A link ends before the punctuation that closes its sentence.
        escapeHtml(line).replace(
          /https?:\/\/[^\s<>"]*[^\s<>".,;:!?)]/g,
          (url) => `<a href="${url}">${url}</a>`,
        ),
      );
      return `<p>${lines.join("<br>")}</p>`;
    })
    .join("");
}

/** The store's frame around a message's HTML: its logo on its colours, its name below. */
export function storeMailHtml(look: MailLook, content: string): string {
  const { colours: c, brand, logoUrl } = look;
  const header = logoUrl
    ? `<img src="${escapeHtml(logoUrl)}" alt="${escapeHtml(brand)}" height="48" style="height:48px;width:auto;border:0">`
    : `<strong style="font-size:20px;color:${c.primary}">${escapeHtml(brand)}</strong>`;
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<style>a{color:${c.primary}}</style></head>`,
    `<body style="margin:0;padding:0;background:${c.background};color:${c.text};font-family:Helvetica,Arial,sans-serif;line-height:1.5">`,
    '<div style="max-width:600px;margin:0 auto;padding:24px">',
    `<div style="padding-bottom:12px;margin-bottom:16px;border-bottom:4px solid ${c.primary}">${header}</div>`,
    content,
    `<p style="margin-top:24px;font-size:12px;color:${c.muted}">${escapeHtml(brand)}</p>`,
    "</div></body></html>",
  ].join("");
}
