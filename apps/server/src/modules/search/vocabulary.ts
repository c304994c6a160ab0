// What else a shopper's words may mean in a store: its synonyms, and for a word its index does
// not know, the nearest word of its vocabulary.
import { synonymsOf } from "@storefront/domain";
import { eq, sql } from "drizzle-orm";
import { type Database, selectRows } from "../../db/index.ts";
import { indexReads } from "./reuse.ts";
import { searchSynonyms } from "./schema.ts";

export function storeSynonyms(db: Database, storeId: string, version: number) {
  return indexReads.get(db, `synonyms|${storeId}|${version}`, async () =>
    synonymsOf(
      await db
        .select({ term: searchSynonyms.term, expandsTo: searchSynonyms.expandsTo })
        .from(searchSynonyms)
        .where(eq(searchSynonyms.storeId, storeId)),
    ),
  );
}

/** Words shorter than this are never corrected: the shopper is still typing them. */
const CORRECTABLE_LENGTH = 4;

/**
 * The nearest word of the store's vocabulary to each word the index does not know (pg_trgm
 * similarity, at least 0.3), for the words that have one. Each word's answer is kept for the
 * store's version: shoppers type the same words again and again.
 */
export async function corrections(
  db: Database,
  storeId: string,
  version: number,
  words: readonly string[],
): Promise<Map<string, string>> {
  const candidates = [
    ...new Set(words.filter((w) => w.length >= CORRECTABLE_LENGTH && !/^\d+$/.test(w))),
  ];
  if (candidates.length === 0) return new Map();
  const nearest = await indexReads.getMany(
    db,
    candidates.map((word) => `nearest|${storeId}|${version}|${word}`),
    async (missing) => {
      const asked = missing.map((i) => candidates[i] as string);
      const rows = await selectRows<{ word: string; nearest: string }>(
        db,
        sql`
        select t.word, n.word as nearest
        from unnest(string_to_array(${asked.join(" ")}, ' ')) as t(word)
        cross join lateral (
          select w.word from search_words w
          where w.store_id = ${storeId} and w.word % t.word
          order by w.word <-> t.word, w.word
          limit 1
        ) n`,
      );
      const found = new Map(rows.map((r) => [r.word, r.nearest]));
      return asked.map((word) => found.get(word) ?? null);
    },
  );
  return new Map(candidates.flatMap((word, i) => (nearest[i] ? [[word, nearest[i]]] : [])));
}
