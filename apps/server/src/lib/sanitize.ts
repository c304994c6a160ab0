import { CONTENT_SANITIZE_OPTIONS, LruCache } from "@storefront/domain";
import sanitize from "sanitize-html";

// The same content is sanitised again and again (the seed, an admin saving a page twice).
const cache = new LruCache<string, string>(2_000);

/** Strips scripts, event handlers, javascript: URLs, styles and forms from content HTML. */
export function sanitizeHtml(html: string): string {
  return cache.get(html) ?? cache.set(html, sanitize(html, CONTENT_SANITIZE_OPTIONS));
}
