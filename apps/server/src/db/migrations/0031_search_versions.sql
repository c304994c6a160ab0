-- What makes a search on a large catalogue cheaper to answer (see the search module).
CREATE TABLE "search_versions" (
	"store_id" text PRIMARY KEY NOT NULL,
	"version" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "search_entries_store_document";--> statement-breakpoint
ALTER TABLE "search_versions" ADD CONSTRAINT "search_versions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_entries_store_document" ON "search_entries" USING gin ("store_id","document") WITH (fastupdate=false);--> statement-breakpoint
-- Every change to a store's entries or synonyms counts one more version of its search.
CREATE FUNCTION search_version_bump() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- A store being deleted (its entries go with it) has no version to keep.
  INSERT INTO search_versions (store_id, version)
  SELECT DISTINCT c.store_id, 1 FROM changed c JOIN stores s ON s.id = c.store_id
  ON CONFLICT (store_id) DO UPDATE SET version = search_versions.version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_entries_inserted_version AFTER INSERT ON search_entries
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_version_bump();
--> statement-breakpoint
CREATE TRIGGER search_entries_updated_version AFTER UPDATE ON search_entries
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_version_bump();
--> statement-breakpoint
CREATE TRIGGER search_entries_deleted_version AFTER DELETE ON search_entries
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_version_bump();
--> statement-breakpoint
CREATE TRIGGER search_synonyms_inserted_version AFTER INSERT ON search_synonyms
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_version_bump();
--> statement-breakpoint
CREATE TRIGGER search_synonyms_updated_version AFTER UPDATE ON search_synonyms
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_version_bump();
--> statement-breakpoint
CREATE TRIGGER search_synonyms_deleted_version AFTER DELETE ON search_synonyms
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_version_bump();
--> statement-breakpoint
-- The vocabulary (for spelling corrections) keeps words of letters only: a number in a title
-- (a batch, a size) is never misspelt into another, and a large catalogue's numbers would
-- otherwise make most of it.
CREATE FUNCTION search_word_skip() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_words_letters_only BEFORE INSERT ON search_words
  FOR EACH ROW WHEN (NEW.word ~ '[0-9]') EXECUTE FUNCTION search_word_skip();
--> statement-breakpoint
DELETE FROM search_words WHERE word ~ '[0-9]';
