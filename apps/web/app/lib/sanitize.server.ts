import {
  CONTENT_SANITIZE_OPTIONS,
  type ContentDocument,
  LruCache,
  mapPageHtml,
  type PageDocument,
  PageDocumentSchema,
} from "@storefront/domain";
import sanitize from "sanitize-html";

// Pages render the same content again and again.
const cache = new LruCache<string, string>(2_000);

/** Content HTML is sanitised again right before render, whatever the database holds. */
export function sanitizeHtml(html: string): string {
  return cache.get(html) ?? cache.set(html, sanitize(html, CONTENT_SANITIZE_OPTIONS));
}

/** A page document as GET /data/master/{name}.json answers it, its HTML sanitised. */
export function sanitizePage(doc: ContentDocument): PageDocument {
  return mapPageHtml(pageDocumentOf(doc), sanitizeHtml);
}

/**
 * A stored document as a page: the API answers any document as it is stored, and a page's was
 * checked against PageDocumentSchema when it was saved; checked again here, it is one.
 */
export function pageDocumentOf(doc: ContentDocument): PageDocument {
  if (isPageDocument(doc)) return doc;
  throw new Error("The stored page is not a page document");
}

function isPageDocument(doc: ContentDocument): doc is PageDocument {
  return PageDocumentSchema.safeParse(doc).success;
}
