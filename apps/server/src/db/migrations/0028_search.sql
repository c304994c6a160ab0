-- Typo tolerance compares words by trigrams (pg_trgm: in PostgreSQL's contrib, and in PGlite).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "search_entries" (
	"store_id" text NOT NULL,
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"title" text NOT NULL,
	"path" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"document" "tsvector" NOT NULL,
	CONSTRAINT "search_entries_store_id_kind_ref_pk" PRIMARY KEY("store_id","kind","ref")
);
--> statement-breakpoint
CREATE TABLE "search_query_results" (
	"store_id" text NOT NULL,
	"query" text NOT NULL,
	"results" integer NOT NULL,
	"searched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_query_results_store_id_query_pk" PRIMARY KEY("store_id","query")
);
--> statement-breakpoint
CREATE TABLE "search_synonyms" (
	"store_id" text NOT NULL,
	"term" text NOT NULL,
	"expands_to" text NOT NULL,
	CONSTRAINT "search_synonyms_store_id_term_expands_to_pk" PRIMARY KEY("store_id","term","expands_to")
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"store_id" text NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "search_words_store_id_word_pk" PRIMARY KEY("store_id","word")
);
--> statement-breakpoint
ALTER TABLE "search_entries" ADD CONSTRAINT "search_entries_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_query_results" ADD CONSTRAINT "search_query_results_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_synonyms" ADD CONSTRAINT "search_synonyms_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_words" ADD CONSTRAINT "search_words_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_entries_document" ON "search_entries" USING gin ("document");--> statement-breakpoint
CREATE INDEX "search_words_trigram" ON "search_words" USING gin ("word" gin_trgm_ops);