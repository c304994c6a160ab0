// What a search reuses, and for how long: its answers for a few seconds, the store's search
// version with them, and each read of the index for as long as that version holds.
import { eq } from "drizzle-orm";
import type { Database } from "../../db/index.ts";
import { AnswerCache } from "../../lib/answer-cache.ts";
import { forgetCatalogAnswers } from "../catalog/index.ts";
import { searchVersions } from "./schema.ts";

/**
 * The store's search version: one more each time its entries or synonyms change (triggers of
 * migration 0031 keep it). What was read from the index under one version holds until the next.
 * The version itself is reused as long as a search's answer is (SEARCH_TTL_MS, and forgotten with
 * them): a query never asked before then costs no statement for it.
 */
export function searchVersion(db: Database, storeId: string): Promise<number> {
  return answers.get(db, `version|${storeId}`, async () => {
    const [row] = await db
      .select({ version: searchVersions.version })
      .from(searchVersions)
      .where(eq(searchVersions.storeId, storeId));
    return row?.version ?? 0;
  });
}

/** Reads of the index, each kept while its store's search version is the one it was read at. */
export const indexReads = new AnswerCache("search-index", 2_000, 10 * 60_000);

// The same query is asked again and again (each shopper's prefixes, the popular searches):
// an answer is reused for SEARCH_TTL_MS per instance, as catalogue answers are (a product
// changed shows in its results that much later).
const SEARCH_TTL_MS = 5_000;
export const answers = new AnswerCache("search", 2_000, SEARCH_TTL_MS);

/**
 * Drops the reused answers (on every instance): for a writer of the catalogue or the pages that
 * must see its change in the next search (the index itself follows at once, by its triggers).
 */
export function forgetSearchAnswers(db: Database): void {
  answers.clear(db);
  forgetCatalogAnswers(db);
}
