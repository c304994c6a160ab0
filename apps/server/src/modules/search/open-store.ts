import type { DemoStore } from "@storefront/domain";
import type { Transaction } from "../../db/index.ts";
import { searchSynonyms } from "./schema.ts";

/** Writes a new store's search synonyms: what a term also finds → the terms. */
export async function insertSynonyms(tx: Transaction, store: DemoStore): Promise<void> {
  const rows = Object.entries(store.searchSynonyms ?? {}).flatMap(([expandsTo, terms]) =>
    terms.map((term) => ({ storeId: store.id, term, expandsTo })),
  );
  if (rows.length > 0) await tx.insert(searchSynonyms).values(rows).onConflictDoNothing();
}
