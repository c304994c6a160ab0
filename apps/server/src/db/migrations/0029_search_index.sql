-- The search index (search_entries) and vocabulary (search_words) follow the catalogue and the
-- pages by triggers, so every writer keeps them current. Products and variants are refreshed per
-- statement (a bulk import refreshes each product once); pages per row.

-- The entries of the given products (store and id pairs), as they are now: a published product
-- gets its entry back, an unpublished or deleted one loses it.
CREATE FUNCTION search_refresh_products(stores text[], ids uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_entries e
  USING unnest(stores, ids) AS changed(store_id, id)
  WHERE e.store_id = changed.store_id AND e.kind = 'product' AND e.ref = changed.id::text;

  WITH fresh AS MATERIALIZED (
    SELECT p.store_id, p.id, p.handle, p.title,
      coalesce((SELECT string_agg(t->>'label', ' ') FROM jsonb_array_elements(p.tags) t), '') AS tags,
      coalesce((
        SELECT string_agg(DISTINCT a.value, ' ')
        FROM variants v, jsonb_each_text(v.attributes) a
        WHERE v.product_id = p.id
      ), '') AS attrs,
      p.meta_description || ' ' || regexp_replace(p.description_html, '<[^>]*>', ' ', 'g') AS body
    FROM products p
    JOIN unnest(stores, ids) AS changed(store_id, id)
      ON p.store_id = changed.store_id AND p.id = changed.id
    WHERE p.published
  ), entries AS (
    INSERT INTO search_entries (store_id, kind, ref, title, path, document)
    SELECT store_id, 'product', id::text, title, '/products/' || handle,
      setweight(to_tsvector('english', title), 'A')
        || setweight(to_tsvector('english', tags), 'B')
        || setweight(to_tsvector('english', attrs), 'C')
        || setweight(to_tsvector('english', body), 'D')
    FROM fresh
    ON CONFLICT (store_id, kind, ref) DO NOTHING
  )
  INSERT INTO search_words (store_id, word)
  SELECT DISTINCT f.store_id, w
  FROM fresh f,
    regexp_split_to_table(lower(f.title || ' ' || f.tags || ' ' || f.attrs), '[^a-z0-9]+') w
  WHERE length(w) >= 3
  ON CONFLICT DO NOTHING;
END $$;
--> statement-breakpoint
CREATE FUNCTION search_products_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  stores text[];
  ids uuid[];
BEGIN
  IF TG_TABLE_NAME = 'products' THEN
    SELECT array_agg(store_id), array_agg(id) INTO stores, ids FROM changed;
  ELSE
    SELECT array_agg(store_id), array_agg(product_id) INTO stores, ids
    FROM (SELECT DISTINCT store_id, product_id FROM changed) v;
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM search_refresh_products(stores, ids);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_products_inserted AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_products_changed();
--> statement-breakpoint
CREATE TRIGGER search_products_updated AFTER UPDATE ON products
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_products_changed();
--> statement-breakpoint
CREATE TRIGGER search_products_deleted AFTER DELETE ON products
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_products_changed();
--> statement-breakpoint
CREATE TRIGGER search_variants_inserted AFTER INSERT ON variants
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_products_changed();
--> statement-breakpoint
-- Per row and only when the attributes change: an order's stock update must not refresh anything.
CREATE FUNCTION search_variant_attributes_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_refresh_products(ARRAY[NEW.store_id], ARRAY[NEW.product_id]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_variants_updated AFTER UPDATE OF attributes ON variants
  FOR EACH ROW WHEN (OLD.attributes IS DISTINCT FROM NEW.attributes)
  EXECUTE FUNCTION search_variant_attributes_changed();
--> statement-breakpoint
CREATE TRIGGER search_variants_deleted AFTER DELETE ON variants
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_products_changed();
--> statement-breakpoint
-- A content page's entry: its title (A), its description (B) and every text it shows (D), without
-- markup, placeholders, links or colours. The home page is not a search result.
CREATE FUNCTION search_refresh_page(page_store text, page_name text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_entries WHERE store_id = page_store AND kind = 'page' AND ref = page_name;
  INSERT INTO search_entries (store_id, kind, ref, title, path, summary, document)
  SELECT d.store_id, 'page', d.name, d.data->>'title',
    CASE WHEN d.name LIKE 'policies/%' THEN '/' || d.name ELSE '/pages/' || d.name END,
    coalesce(d.data->>'metaDescription', ''),
    setweight(to_tsvector('english', d.data->>'title'), 'A')
      || setweight(to_tsvector('english', coalesce(d.data->>'metaDescription', '')), 'B')
      || setweight(to_tsvector('english', b.body), 'D')
  FROM documents d, LATERAL (
    SELECT coalesce(string_agg(
      regexp_replace(regexp_replace(v #>> '{}', '<[^>]*>', ' ', 'g'), '\{\{[^}]*\}\}', ' ', 'g'),
      ' '), '') AS body
    FROM jsonb_path_query(d.data, 'strict $.**') v
    WHERE jsonb_typeof(v) = 'string' AND (v #>> '{}') !~ '^(/|#|https?:|mailto:)'
  ) b
  WHERE d.store_id = page_store AND d.kind = 'master' AND d.name = page_name
    AND d.name <> 'homepage' AND jsonb_typeof(d.data->'title') = 'string';

  INSERT INTO search_words (store_id, word)
  SELECT DISTINCT page_store, w
  FROM search_entries e, regexp_split_to_table(lower(e.title), '[^a-z0-9]+') w
  WHERE e.store_id = page_store AND e.kind = 'page' AND e.ref = page_name AND length(w) >= 3
  ON CONFLICT DO NOTHING;
END $$;
--> statement-breakpoint
CREATE FUNCTION search_documents_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.kind = 'master' THEN
    PERFORM search_refresh_page(OLD.store_id, OLD.name);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.kind = 'master' THEN
    PERFORM search_refresh_page(NEW.store_id, NEW.name);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_documents_changed AFTER INSERT OR UPDATE OR DELETE ON documents
  FOR EACH ROW EXECUTE FUNCTION search_documents_changed();
--> statement-breakpoint
-- A synonym's words join the vocabulary, so a misspelt synonym ("scrching") is understood too.
CREATE FUNCTION search_synonyms_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (store_id, word)
  SELECT DISTINCT s.store_id, w
  FROM changed s, regexp_split_to_table(lower(s.term), '[^a-z0-9]+') w
  WHERE length(w) >= 3
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_synonyms_inserted AFTER INSERT ON search_synonyms
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_synonyms_changed();
--> statement-breakpoint
-- What is there already.
SELECT search_refresh_products(array_agg(store_id), array_agg(id)) FROM products HAVING count(*) > 0;
--> statement-breakpoint
SELECT search_refresh_page(store_id, name) FROM documents WHERE kind = 'master';
