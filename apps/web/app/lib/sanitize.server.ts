import {
  CONTENT_SANITIZE_CONFIG,
  LruCache,
  mapPageHtml,
  type PageDocument,
} from "@storefront/domain";
import DOMPurify from "isomorphic-dompurify";

// Pages render the same content again and again; DOMPurify over jsdom costs milliseconds.
const cache = new LruCache<string, string>(2_000);

/** Content HTML is sanitised again right before render, whatever the database holds. */
export function sanitizeHtml(html: string): string {
  return cache.get(html) ?? cache.set(html, DOMPurify.sanitize(html, CONTENT_SANITIZE_CONFIG));
}

export function sanitizePage(doc: PageDocument): PageDocument {
  return mapPageHtml(doc, sanitizeHtml);
}
