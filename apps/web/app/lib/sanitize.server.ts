import {
  CONTENT_SANITIZE_OPTIONS,
  LruCache,
  mapPageHtml,
  type PageDocument,
} from "@storefront/domain";
import sanitize from "sanitize-html";

// Pages render the same content again and again.
const cache = new LruCache<string, string>(2_000);

/** Content HTML is sanitised again right before render, whatever the database holds. */
export function sanitizeHtml(html: string): string {
  return cache.get(html) ?? cache.set(html, sanitize(html, CONTENT_SANITIZE_OPTIONS));
}

export function sanitizePage(doc: PageDocument): PageDocument {
  return mapPageHtml(doc, sanitizeHtml);
}
