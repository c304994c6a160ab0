ALTER TABLE "analytics_sessions" ADD COLUMN "viewed_product" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_sessions" ADD COLUMN "added_to_cart" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "first_order" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "analytics_events_store_search_at" ON "analytics_events" USING btree ("store_id","at") WHERE "analytics_events"."kind" = 'search';--> statement-breakpoint
CREATE INDEX "analytics_sessions_store_started" ON "analytics_sessions" USING btree ("store_id","started_at","viewed_product","added_to_cart");--> statement-breakpoint
CREATE INDEX "cart_recovery_tokens_store_used" ON "cart_recovery_tokens" USING btree ("store_id",lower("email"),"used_at") WHERE "cart_recovery_tokens"."used_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_store_created" ON "orders" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_store_paid" ON "orders" USING btree ("store_id","paid_at") WHERE "orders"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "orders_store_buyer_paid" ON "orders" USING btree ("store_id",lower("email"),"paid_at") WHERE "orders"."status" = 'paid';--> statement-breakpoint
-- The dashboard's funnel counts visits that viewed a product and that added to the cart. Each
-- visit says so itself, set by the database as its events arrive (once: a set flag is not
-- written again), so the funnel reads one index of the visits and never their million events.
CREATE FUNCTION analytics_session_reached() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind = 'product_view' THEN
    UPDATE analytics_sessions SET viewed_product = true
      WHERE id = NEW.session_id AND NOT viewed_product;
  ELSIF NEW.kind = 'cart_event' AND NEW.data->>'type' = 'item_added' THEN
    UPDATE analytics_sessions SET added_to_cart = true
      WHERE id = NEW.session_id AND NOT added_to_cart;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER analytics_events_reached AFTER INSERT ON analytics_events
  FOR EACH ROW EXECUTE FUNCTION analytics_session_reached();
--> statement-breakpoint
-- Visits recorded before: their flags from their events (only the visits that have one set).
UPDATE analytics_sessions s SET viewed_product = true
  WHERE EXISTS (SELECT 1 FROM analytics_events e
    WHERE e.session_id = s.id AND e.kind = 'product_view');
--> statement-breakpoint
UPDATE analytics_sessions s SET added_to_cart = true
  WHERE EXISTS (SELECT 1 FROM analytics_events e
    WHERE e.session_id = s.id AND e.kind = 'cart_event' AND e.data->>'type' = 'item_added');
--> statement-breakpoint
-- An order paid by a buyer (lower-cased email) with no paid order in the store before is their
-- first: set by the database when the order becomes paid, on the index of buyers' paid orders,
-- so the dashboard's new and returning customers never scan a store's whole history.
CREATE FUNCTION orders_first_order() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'paid' AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM 'paid') THEN
    NEW.first_order := NOT EXISTS (
      SELECT 1 FROM orders p
      WHERE p.store_id = NEW.store_id AND p.status = 'paid'
        AND lower(p.email) = lower(NEW.email) AND p.id <> NEW.id);
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_first_order BEFORE INSERT OR UPDATE OF status ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_first_order();
--> statement-breakpoint
-- Orders paid before: the first of each buyer's.
UPDATE orders o SET first_order = true
  WHERE o.status = 'paid' AND NOT EXISTS (
    SELECT 1 FROM orders p
    WHERE p.store_id = o.store_id AND p.status = 'paid' AND lower(p.email) = lower(o.email)
      AND (p.paid_at < o.paid_at OR (p.paid_at = o.paid_at AND p.id < o.id)));
