import { CONTENT_SANITIZE_CONFIG, LruCache } from "@storefront/domain";
import DOMPurify from "isomorphic-dompurify";

// The same content is sanitised again and again; DOMPurify over jsdom costs milliseconds.
const cache = new LruCache<string, string>(2_000);

/** Strips scripts, event handlers, javascript: URLs, styles and forms from content HTML. */
export function sanitizeHtml(html: string): string {
  return cache.get(html) ?? cache.set(html, DOMPurify.sanitize(html, CONTENT_SANITIZE_CONFIG));
}
