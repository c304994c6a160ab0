import {
  CONTENT_MESSAGES,
  DomainError,
  fillFigures,
  mapPageHtml,
  type PageDocument,
  PageDocumentSchema,
} from "@storefront/domain";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/index.ts";
import { sanitizeHtml } from "../../lib/sanitize.ts";
import { getStoreFigures, storeAnswer } from "../stores/index.ts";
import { documents } from "./schema.ts";

export type DocumentKind = "master" | "layout";

/**
 * A stored document with the store's figures filled in (shared by later requests until the database announces a change of the
 * store's documents: not to be changed by the caller); not found is not kept.
 */
export function getDocument(
  db: Database,
  storeId: string,
  kind: DocumentKind,
  name: string,
): Promise<Record<string, unknown>> {
  return storeAnswer(db, `document ${storeId} ${kind} ${name}`, async () => {
    const [[row], figures] = await Promise.all([
      db
        .select({ data: documents.data })
        .from(documents)
        .where(
          and(eq(documents.storeId, storeId), eq(documents.kind, kind), eq(documents.name, name)),
        ),
      getStoreFigures(db, storeId),
    ]);
    if (!row) throw new DomainError("not_found", CONTENT_MESSAGES.notFound(name));
    // Prices, estimates and rates are quoted from the tables checkout reads, never typed in.
    return fillFigures(row.data, figures);
  });
}

/** A page document's HTML fields sanitised as every stored page's are (the seed's and the admin's). */
export function sanitizePage(doc: PageDocument): PageDocument {
  return mapPageHtml(doc, sanitizeHtml);
}

/** Stores a document; a page's HTML fields are sanitised on the way in. */
export async function saveDocument(
  db: Database | Transaction,
  storeId: string,
  kind: DocumentKind,
  name: string,
  data: Record<string, unknown>,
): Promise<void> {
  let clean = data;
  if (kind === "master") {
    const parsed = PageDocumentSchema.safeParse(data);
    if (!parsed.success) {
      throw new DomainError("invalid", CONTENT_MESSAGES.notValid(name, parsed.error.message));
    }
    clean = sanitizePage(parsed.data);
  }
  await db
    .insert(documents)
    .values({ storeId, kind, name, data: clean })
    .onConflictDoUpdate({
      target: [documents.storeId, documents.kind, documents.name],
      set: { data: clean, updatedAt: sql`now()` },
    });
}

/** Every page's banner, for the sizes made ahead after start (media's warmPageImages). */
export async function pageBanners(db: Database): Promise<string[]> {
  const image = sql<string>`${documents.data} ->> 'image'`;
  const banners = await db
    .select({ url: image })
    .from(documents)
    .where(and(eq(documents.kind, "master"), isNotNull(image)));
  return banners.map((b) => b.url);
}
