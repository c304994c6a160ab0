-- Cached pages and answers learn of a change from the database itself: every write that changes
-- what a catalogue or content page shows sends notices on the 'storefront_cache' channel when
-- its transaction commits (lib/cache-bus.ts listens, on PostgreSQL and PGlite alike), so any
-- writer (checkout, an admin screen, a script) empties the right caches on every instance.
-- A notice is the name of an answer cache ('catalog', 'reviews', 'stores'), or
-- 'pages <store id> <tag>' (tag: 'store' for every page of the store, 'catalog' for pages listing
-- products, 'product:<handle>' for one product's page). The answer cache's notice goes first, so
-- a page rendered again on hearing its own notice never reads an answer kept from before.
-- PostgreSQL delivers one transaction's notices in order, and identical ones once.
CREATE FUNCTION storefront_pages_changed(p_store text, p_tag text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('storefront_cache', 'pages ' || p_store || ' ' || p_tag);
END
$$;
--> statement-breakpoint
-- A product's page, and (p_lists) every page listing products; the catalogue answers first.
CREATE FUNCTION storefront_product_changed(p_product uuid, p_lists boolean) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  found_store text;
  found_handle text;
BEGIN
  PERFORM pg_notify('storefront_cache', 'catalog');
  SELECT store_id, handle INTO found_store, found_handle FROM products WHERE id = p_product;
  IF found_store IS NOT NULL THEN
    PERFORM storefront_pages_changed(found_store, 'product:' || found_handle);
    IF p_lists THEN
      PERFORM storefront_pages_changed(found_store, 'catalog');
    END IF;
  END IF;
END
$$;
--> statement-breakpoint
-- What a page can tell from a stock level: out of stock, or the exact number below 100 (the
-- product page says 'Only N left' below 10, and its quantity pickers go up to 99 and check the
-- stock), else plenty.
CREATE FUNCTION storefront_stock_shown(p_stock integer) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_stock <= 0 THEN 'out' WHEN p_stock < 100 THEN p_stock::text ELSE 'plenty' END
$$;
--> statement-breakpoint
CREATE FUNCTION storefront_products_notice() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('storefront_cache', 'catalog');
  IF TG_OP <> 'INSERT' THEN
    PERFORM storefront_pages_changed(OLD.store_id, 'product:' || OLD.handle);
    PERFORM storefront_pages_changed(OLD.store_id, 'catalog');
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM storefront_pages_changed(NEW.store_id, 'product:' || NEW.handle);
    PERFORM storefront_pages_changed(NEW.store_id, 'catalog');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_page_notice AFTER INSERT OR UPDATE OR DELETE ON products
FOR EACH ROW EXECUTE FUNCTION storefront_products_notice();
--> statement-breakpoint
-- A variant's stock changes with every order: only a change a page can tell is a notice, and
-- only one between in and out of stock concerns the lists.
CREATE FUNCTION storefront_variants_notice() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND to_jsonb(OLD) - 'stock' = to_jsonb(NEW) - 'stock' THEN
    IF storefront_stock_shown(OLD.stock) <> storefront_stock_shown(NEW.stock) THEN
      PERFORM storefront_product_changed(NEW.product_id, (OLD.stock > 0) <> (NEW.stock > 0));
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM storefront_product_changed(OLD.product_id, true);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM storefront_product_changed(NEW.product_id, true);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER variants_page_notice AFTER INSERT OR UPDATE OR DELETE ON variants
FOR EACH ROW EXECUTE FUNCTION storefront_variants_notice();
--> statement-breakpoint
CREATE FUNCTION storefront_variant_prices_notice() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  owner uuid;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    SELECT product_id INTO owner FROM variants WHERE id = OLD.variant_id;
    IF owner IS NOT NULL THEN
      PERFORM storefront_product_changed(owner, true);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT product_id INTO owner FROM variants WHERE id = NEW.variant_id;
    IF owner IS NOT NULL THEN
      PERFORM storefront_product_changed(owner, true);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER variant_prices_page_notice AFTER INSERT OR UPDATE OR DELETE ON variant_prices
FOR EACH ROW EXECUTE FUNCTION storefront_variant_prices_notice();
--> statement-breakpoint
-- Images, subscription plans and collection membership belong to a product.
CREATE FUNCTION storefront_product_part_notice() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM storefront_product_changed(OLD.product_id, true);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM storefront_product_changed(NEW.product_id, true);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_images_page_notice AFTER INSERT OR UPDATE OR DELETE ON product_images
FOR EACH ROW EXECUTE FUNCTION storefront_product_part_notice();
--> statement-breakpoint
CREATE TRIGGER subscription_plans_page_notice AFTER INSERT OR UPDATE OR DELETE ON subscription_plans
FOR EACH ROW EXECUTE FUNCTION storefront_product_part_notice();
--> statement-breakpoint
CREATE TRIGGER collection_products_page_notice AFTER INSERT OR UPDATE OR DELETE ON collection_products
FOR EACH ROW EXECUTE FUNCTION storefront_product_part_notice();
--> statement-breakpoint
CREATE FUNCTION storefront_collections_notice() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('storefront_cache', 'catalog');
  IF TG_OP <> 'INSERT' THEN
    PERFORM storefront_pages_changed(OLD.store_id, 'catalog');
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM storefront_pages_changed(NEW.store_id, 'catalog');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER collections_page_notice AFTER INSERT OR UPDATE OR DELETE ON collections
FOR EACH ROW EXECUTE FUNCTION storefront_collections_notice();
--> statement-breakpoint
-- A review (its text, visibility, helpful count, the owner's answer) shows on its product's page.
CREATE FUNCTION storefront_reviews_notice() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  found_handle text;
BEGIN
  PERFORM pg_notify('storefront_cache', 'reviews');
  IF TG_OP <> 'INSERT' THEN
    SELECT handle INTO found_handle FROM products WHERE id = OLD.product_id;
    IF found_handle IS NOT NULL THEN
      PERFORM storefront_pages_changed(OLD.store_id, 'product:' || found_handle);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT handle INTO found_handle FROM products WHERE id = NEW.product_id;
    IF found_handle IS NOT NULL THEN
      PERFORM storefront_pages_changed(NEW.store_id, 'product:' || found_handle);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER reviews_page_notice AFTER INSERT OR UPDATE OR DELETE ON reviews
FOR EACH ROW EXECUTE FUNCTION storefront_reviews_notice();
--> statement-breakpoint
-- The store's name, theme, navigation, footer and content documents show on every page.
CREATE FUNCTION storefront_store_notice() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('storefront_cache', 'stores');
  IF TG_TABLE_NAME = 'stores' THEN
    PERFORM storefront_pages_changed(CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END, 'store');
  ELSE
    PERFORM storefront_pages_changed(CASE WHEN TG_OP = 'DELETE' THEN OLD.store_id ELSE NEW.store_id END, 'store');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER stores_page_notice AFTER INSERT OR UPDATE OR DELETE ON stores
FOR EACH ROW EXECUTE FUNCTION storefront_store_notice();
--> statement-breakpoint
CREATE TRIGGER documents_page_notice AFTER INSERT OR UPDATE OR DELETE ON documents
FOR EACH ROW EXECUTE FUNCTION storefront_store_notice();
