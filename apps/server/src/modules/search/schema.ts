import {
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { storeColumn, stores } from "../stores/schema.ts";

/** PostgreSQL's full-text document type (read as its text form). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * What the store's search finds: one row per published product and per content page, kept up to
 * date by triggers on products, variants and documents (migration 0029), so every writer (the
 * seed, an admin, an import) keeps it current. `document` weighs the title A, the tags
 * (conditions, pets) B, the variants' attributes C and the description or page text D; `words`
 * is the title, tags and attributes in lower case, for the typo-tolerant vocabulary.
 */
export const searchEntries = pgTable(
  "search_entries",
  {
    storeId: storeColumn(),
    /** 'product' or 'page'. */
    kind: text("kind").$type<"product" | "page">().notNull(),
    /** The product's id, or the page document's name. */
    ref: text("ref").notNull(),
    title: text("title").notNull(),
    /** Where the result links (a page's path; a product's handle). */
    path: text("path").notNull(),
    /** A page's description, shown under its title; empty for a product. */
    summary: text("summary").notNull().default(""),
    document: tsvector("document").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.kind, t.ref] }),
    // One store's entries only (btree_gin): a small store never walks a large one's.
    // Written straight into the index (fastupdate off): a search never walks a list of pending
    // entries, which the embedded database, without autovacuum, would let grow to 4 MB.
    index("search_entries_store_document")
      .using("gin", t.storeId, t.document)
      .with({ fastupdate: false }),
  ],
);

/**
 * How many times each store's search index or synonyms changed (by triggers on both): a
 * search's list of matches is reused for as long as its store's version is the same.
 */
export const searchVersions = pgTable("search_versions", {
  storeId: text("store_id")
    .primaryKey()
    .references(() => stores.id, { onDelete: "cascade" }),
  version: integer("version").notNull(),
});

/**
 * A store's search vocabulary (words of its titles, tags and attributes, and its synonyms'
 * terms): a misspelt word is replaced by its nearest word here (pg_trgm).
 */
export const searchWords = pgTable(
  "search_words",
  {
    storeId: storeColumn(),
    word: text("word").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.word] }),
    index("search_words_trigram").using("gin", t.word.op("gin_trgm_ops")),
  ],
);

/**
 * A store's synonyms, kept as data: a shopper's `term` ("hot spots", "fireworks") also finds
 * what `expandsTo` finds ("allergies", "anxiety").
 */
export const searchSynonyms = pgTable(
  "search_synonyms",
  {
    storeId: storeColumn(),
    term: text("term").notNull(),
    expandsTo: text("expands_to").notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.term, t.expandsTo] })],
);

/**
 * How many results each query searched on the store last found, for the admin's list of
 * queries with no results (the searches themselves are counted from the visits' analytics).
 */
export const searchQueryResults = pgTable(
  "search_query_results",
  {
    storeId: storeColumn(),
    query: text("query").notNull(),
    results: integer("results").notNull(),
    searchedAt: timestamp("searched_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.query] })],
);
