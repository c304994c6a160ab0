-- Search answers (reused for a few seconds per instance) are forgotten on every instance as soon
-- as what they show changes, as catalogue answers are: a change to a store's search entries or
-- synonyms (what a search finds), and a change to a product a card shows (its price, its stock).
CREATE OR REPLACE FUNCTION search_version_bump() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- A store being deleted (its entries go with it) has no version to keep.
  INSERT INTO search_versions (store_id, version)
  SELECT DISTINCT c.store_id, 1 FROM changed c JOIN stores s ON s.id = c.store_id
  ON CONFLICT (store_id) DO UPDATE SET version = search_versions.version + 1;
  PERFORM pg_notify('storefront_cache', 'search');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION storefront_product_changed(p_product uuid, p_lists boolean) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  found_store text;
  found_handle text;
BEGIN
  PERFORM pg_notify('storefront_cache', 'catalog');
  PERFORM pg_notify('storefront_cache', 'search');
  SELECT store_id, handle INTO found_store, found_handle FROM products WHERE id = p_product;
  IF found_store IS NOT NULL THEN
    PERFORM storefront_pages_changed(found_store, 'product:' || found_handle);
    IF p_lists THEN
      PERFORM storefront_pages_changed(found_store, 'catalog');
    END IF;
  END IF;
END
$$;
