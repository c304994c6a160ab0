-- One store's entries in one index (btree_gin: in PostgreSQL's contrib, and in PGlite).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "search_entries_document";--> statement-breakpoint
CREATE INDEX "search_entries_store_document" ON "search_entries" USING gin ("store_id","document");--> statement-breakpoint
-- Text as the search compares it: lower case, without apostrophes ("Can't" is "cant") or the
-- common accents ("crème" is "creme"), as the query's words are (the domain's queryWords).
CREATE FUNCTION search_text(t text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT translate(
    lower(regexp_replace(coalesce(t, ''), '[''’]', '', 'g')),
    'àáâãäåāçćčèéêëēėęìíîïīñńòóôõöøōùúûüūýÿžźżšśł',
    'aaaaaaaccceeeeeeeiiiiinnooooooouuuuuyyzzzssl'
  )
$$;
--> statement-breakpoint
-- As in 0029, with the text compared as above, the title also unstemmed (a word being typed,
-- "soothi", still finds "soothing"), and a concurrent refresh's row replaced, not kept.
CREATE OR REPLACE FUNCTION search_refresh_products(stores text[], ids uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_entries e
  USING unnest(stores, ids) AS changed(store_id, id)
  WHERE e.store_id = changed.store_id AND e.kind = 'product' AND e.ref = changed.id::text;

  WITH fresh AS MATERIALIZED (
    SELECT p.store_id, p.id, p.handle, p.title,
      search_text(p.title) AS title_text,
      search_text(coalesce((SELECT string_agg(t->>'label', ' ') FROM jsonb_array_elements(p.tags) t), '')) AS tags,
      search_text(coalesce((
        SELECT string_agg(DISTINCT a.value, ' ')
        FROM variants v, jsonb_each_text(v.attributes) a
        WHERE v.product_id = p.id
      ), '')) AS attrs,
      search_text(p.meta_description || ' ' || regexp_replace(p.description_html, '<[^>]*>', ' ', 'g')) AS body
    FROM products p
    JOIN unnest(stores, ids) AS changed(store_id, id)
      ON p.store_id = changed.store_id AND p.id = changed.id
    WHERE p.published
  ), entries AS (
    INSERT INTO search_entries (store_id, kind, ref, title, path, document)
    SELECT store_id, 'product', id::text, title, '/products/' || handle,
      setweight(to_tsvector('english', title_text), 'A')
        || setweight(to_tsvector('simple', title_text), 'A')
        || setweight(to_tsvector('english', tags), 'B')
        || setweight(to_tsvector('english', attrs), 'C')
        || setweight(to_tsvector('english', body), 'D')
    FROM fresh
    ON CONFLICT (store_id, kind, ref) DO UPDATE
      SET title = EXCLUDED.title, path = EXCLUDED.path, document = EXCLUDED.document
  )
  INSERT INTO search_words (store_id, word)
  SELECT DISTINCT f.store_id, w
  FROM fresh f,
    regexp_split_to_table(f.title_text || ' ' || f.tags || ' ' || f.attrs, '[^a-z0-9]+') w
  WHERE length(w) >= 3
  ON CONFLICT DO NOTHING;
END $$;
--> statement-breakpoint
-- As in 0029, with the text compared as above; only texts of more than one word count as the
-- page's text (a single word is a setting: an alignment, a layout, a colour).
CREATE OR REPLACE FUNCTION search_refresh_page(page_store text, page_name text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_entries WHERE store_id = page_store AND kind = 'page' AND ref = page_name;
  INSERT INTO search_entries (store_id, kind, ref, title, path, summary, document)
  SELECT d.store_id, 'page', d.name, d.data->>'title',
    CASE WHEN d.name LIKE 'policies/%' THEN '/' || d.name ELSE '/pages/' || d.name END,
    coalesce(d.data->>'metaDescription', ''),
    setweight(to_tsvector('english', search_text(d.data->>'title')), 'A')
      || setweight(to_tsvector('simple', search_text(d.data->>'title')), 'A')
      || setweight(to_tsvector('english', search_text(d.data->>'metaDescription')), 'B')
      || setweight(to_tsvector('english', search_text(b.body)), 'D')
  FROM documents d, LATERAL (
    SELECT coalesce(string_agg(
      regexp_replace(regexp_replace(v #>> '{}', '<[^>]*>', ' ', 'g'), '\{\{[^}]*\}\}', ' ', 'g'),
      ' '), '') AS body
    FROM jsonb_path_query(d.data, 'strict $.**') v
    WHERE jsonb_typeof(v) = 'string' AND (v #>> '{}') !~ '^(/|#|https?:|mailto:)'
      AND btrim(v #>> '{}') ~ '\s'
  ) b
  WHERE d.store_id = page_store AND d.kind = 'master' AND d.name = page_name
    AND d.name <> 'homepage' AND jsonb_typeof(d.data->'title') = 'string'
  ON CONFLICT (store_id, kind, ref) DO UPDATE
    SET title = EXCLUDED.title, path = EXCLUDED.path, summary = EXCLUDED.summary,
      document = EXCLUDED.document;

  INSERT INTO search_words (store_id, word)
  SELECT DISTINCT page_store, w
  FROM search_entries e, regexp_split_to_table(search_text(e.title), '[^a-z0-9]+') w
  WHERE e.store_id = page_store AND e.kind = 'page' AND e.ref = page_name AND length(w) >= 3
  ON CONFLICT DO NOTHING;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_synonyms_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (store_id, word)
  SELECT DISTINCT s.store_id, w
  FROM changed s, regexp_split_to_table(search_text(s.term), '[^a-z0-9]+') w
  WHERE length(w) >= 3
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Everything indexed again, as the functions now make it.
SELECT search_refresh_products(array_agg(store_id), array_agg(id)) FROM products HAVING count(*) > 0;
--> statement-breakpoint
SELECT search_refresh_page(store_id, name) FROM documents WHERE kind = 'master';
