-- Store isolation as an invariant: every table that belongs to a store shows and accepts only the
-- rows of the connection's store, `storefront.store_id`, which the server sets from the scope of
-- the code that runs each statement (src/db/store-scope.ts). The server's connections take one of
-- two roles made here, neither of which may skip a policy (no SUPERUSER, no BYPASSRLS):
-- storefront_app, held to one store by `store_rows`, and storefront_across, which `every_store`
-- lets see every store: the connections of acrossStores (host resolution, jobs, the platform's
-- screens, seeding, the command-line tools). FORCE holds the tables' owner too. The policy of a
-- store's rows is one equality, so the planner folds it into the query's own store filter.
DO $$
DECLARE
  wanted text;
BEGIN
  FOREACH wanted IN ARRAY ARRAY['storefront_app', 'storefront_across'] LOOP
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = wanted) THEN
      BEGIN
        EXECUTE format('CREATE ROLE %I NOLOGIN', wanted);
      EXCEPTION
        -- Another database of the same server made it meanwhile (roles are the server's).
        WHEN duplicate_object OR unique_violation THEN NULL;
        WHEN insufficient_privilege THEN
          RAISE EXCEPTION 'The database user % may not create roles: create storefront_app and storefront_across (CREATE ROLE … NOLOGIN), grant them to it, and start again', current_user;
      END;
    END IF;
    IF NOT pg_has_role(current_user, wanted, 'MEMBER') THEN
      EXECUTE format('GRANT %I TO %I', wanted, current_user);
    END IF;
    EXECUTE format('GRANT USAGE ON SCHEMA public TO %I', wanted);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO %I', wanted);
    EXECUTE format('GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO %I', wanted);
    EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO %I', wanted);
    EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO %I', wanted);
    -- The server reads which migrations ran (its readiness says whether it is behind).
    EXECUTE format('GRANT USAGE ON SCHEMA drizzle TO %I', wanted);
    EXECUTE format('GRANT SELECT ON ALL TABLES IN SCHEMA drizzle TO %I', wanted);
  END LOOP;
END $$;
--> statement-breakpoint
ALTER TABLE stores ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE stores FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_rows ON stores USING (id = current_setting('storefront.store_id', true));
--> statement-breakpoint
CREATE POLICY every_store ON stores TO storefront_across USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE store_domains ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE store_domains FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_rows ON store_domains USING (store_id = current_setting('storefront.store_id', true));
--> statement-breakpoint
CREATE POLICY every_store ON store_domains TO storefront_across USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE products ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE products FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_rows ON products USING (store_id = current_setting('storefront.store_id', true));
--> statement-breakpoint
CREATE POLICY every_store ON products TO storefront_across USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE product_images ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE product_images FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_rows ON product_images USING (store_id = current_setting('storefront.store_id', true));
--> statement-breakpoint
CREATE POLICY every_store ON product_images TO storefront_across USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE variants ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE variants FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_rows ON variants USING (store_id = current_setting('storefront.store_id', true));
--> statement-breakpoint
CREATE POLICY every_store ON variants TO storefront_across USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE bundle_choices ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE bundle_choices FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_rows ON bundle_choices USING (store_id = current_setting('storefront.store_id', true));
--> statement-breakpoint
CREATE POLICY every_store ON bundle_choices TO storefront_across USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE variant_prices ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE variant_prices FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_rows ON variant_prices USING (store_id = current_setting('storefront.store_id', true));
--> statement-breakpoint
CREATE POLICY every_store ON variant_prices TO storefront_across USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE subscription_plans ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE subscription_plans FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_rows ON subscription_plans USING (store_id = current_setting('storefront.store_id', true));
--> statement-breakpoint
CREATE POLICY every_store ON subscription_plans TO storefront_across USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE collections ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE collections FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_rows ON collections USING (store_id = current_setting('storefront.store_id', true));
--> statement-breakpoint
CREATE POLICY every_store ON collections TO storefront_across USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE documents ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE documents FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_rows ON documents USING (store_id = current_setting('storefront.store_id', true));
--> statement-breakpoint
CREATE POLICY every_store ON documents TO storefront_across USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE discount_codes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE discount_codes FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_rows ON discount_codes USING (store_id = current_setting('storefront.store_id', true));
--> statement-breakpoint
CREATE POLICY every_store ON discount_codes TO storefront_across USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE users ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE users FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_rows ON users USING (store_id = current_setting('storefront.store_id', true));
--> statement-breakpoint
CREATE POLICY every_store ON users TO storefront_across USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE sessions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE sessions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_rows ON sessions USING (store_id = current_setting('storefront.store_id', true));
--> statement-breakpoint
CREATE POLICY every_store ON sessions TO storefront_across USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE password_reset_tokens ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE password_reset_tokens FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_rows ON password_reset_tokens USING (store_id = current_setting('storefront.store_id', true));
--> statement-breakpoint
CREATE POLICY every_store ON password_reset_tokens TO storefront_across USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE trusted_devices ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE trusted_devices FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_rows ON trusted_devices USING (store_id = current_setting('storefront.store_id', true));
--> statement-breakpoint
CREATE POLICY every_store ON trusted_devices TO storefront_across USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE pending_registrations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE pending_registrations FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_rows ON pending_registrations USING (store_id = current_setting('storefront.store_id', true));
--> statement-breakpoint
CREATE POLICY every_store ON pending_registrations TO storefront_across USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE outbox ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE outbox FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_rows ON outbox USING (store_id = current_setting('storefront.store_id', true));
--> statement-breakpoint
CREATE POLICY every_store ON outbox TO storefront_across USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE carts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE carts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_rows ON carts USING (store_id = current_setting('storefront.store_id', true));
--> statement-breakpoint
CREATE POLICY every_store ON carts TO storefront_across USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE cart_lines ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE cart_lines FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_rows ON cart_lines USING (store_id = current_setting('storefront.store_id', true));
--> statement-breakpoint
CREATE POLICY every_store ON cart_lines TO storefront_across USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE cart_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE cart_events FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_rows ON cart_events USING (store_id = current_setting('storefront.store_id', true));
--> statement-breakpoint
CREATE POLICY every_store ON cart_events TO storefront_across USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE orders ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE orders FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_rows ON orders USING (store_id = current_setting('storefront.store_id', true));
--> statement-breakpoint
CREATE POLICY every_store ON orders TO storefront_across USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE order_refunds ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE order_refunds FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_rows ON order_refunds USING (store_id = current_setting('storefront.store_id', true));
--> statement-breakpoint
CREATE POLICY every_store ON order_refunds TO storefront_across USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE admin_audit ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE admin_audit FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_rows ON admin_audit USING (store_id = current_setting('storefront.store_id', true));
--> statement-breakpoint
CREATE POLICY every_store ON admin_audit TO storefront_across USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE order_lines ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE order_lines FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_rows ON order_lines USING (store_id = current_setting('storefront.store_id', true));
--> statement-breakpoint
CREATE POLICY every_store ON order_lines TO storefront_across USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE sales_days ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE sales_days FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_rows ON sales_days USING (store_id = current_setting('storefront.store_id', true));
--> statement-breakpoint
CREATE POLICY every_store ON sales_days TO storefront_across USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE product_sales_days ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE product_sales_days FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_rows ON product_sales_days USING (store_id = current_setting('storefront.store_id', true));
--> statement-breakpoint
CREATE POLICY every_store ON product_sales_days TO storefront_across USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE subscriptions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE subscriptions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_rows ON subscriptions USING (store_id = current_setting('storefront.store_id', true));
--> statement-breakpoint
CREATE POLICY every_store ON subscriptions TO storefront_across USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE subscription_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE subscription_events FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_rows ON subscription_events USING (store_id = current_setting('storefront.store_id', true));
--> statement-breakpoint
CREATE POLICY every_store ON subscription_events TO storefront_across USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE design_requests ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE design_requests FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_rows ON design_requests USING (store_id = current_setting('storefront.store_id', true));
--> statement-breakpoint
CREATE POLICY every_store ON design_requests TO storefront_across USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE wholesale_applications ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE wholesale_applications FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_rows ON wholesale_applications USING (store_id = current_setting('storefront.store_id', true));
--> statement-breakpoint
CREATE POLICY every_store ON wholesale_applications TO storefront_across USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE reviews ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE reviews FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_rows ON reviews USING (store_id = current_setting('storefront.store_id', true));
--> statement-breakpoint
CREATE POLICY every_store ON reviews TO storefront_across USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE review_reports ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE review_reports FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_rows ON review_reports USING (store_id = current_setting('storefront.store_id', true));
--> statement-breakpoint
CREATE POLICY every_store ON review_reports TO storefront_across USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE review_votes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE review_votes FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_rows ON review_votes USING (store_id = current_setting('storefront.store_id', true));
--> statement-breakpoint
CREATE POLICY every_store ON review_votes TO storefront_across USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE analytics_sessions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE analytics_sessions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_rows ON analytics_sessions USING (store_id = current_setting('storefront.store_id', true));
--> statement-breakpoint
CREATE POLICY every_store ON analytics_sessions TO storefront_across USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE analytics_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE analytics_events FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_rows ON analytics_events USING (store_id = current_setting('storefront.store_id', true));
--> statement-breakpoint
CREATE POLICY every_store ON analytics_events TO storefront_across USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE cart_recovery_tokens ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE cart_recovery_tokens FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_rows ON cart_recovery_tokens USING (store_id = current_setting('storefront.store_id', true));
--> statement-breakpoint
CREATE POLICY every_store ON cart_recovery_tokens TO storefront_across USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE email_opt_outs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE email_opt_outs FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_rows ON email_opt_outs USING (store_id = current_setting('storefront.store_id', true));
--> statement-breakpoint
CREATE POLICY every_store ON email_opt_outs TO storefront_across USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE search_entries ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE search_entries FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_rows ON search_entries USING (store_id = current_setting('storefront.store_id', true));
--> statement-breakpoint
CREATE POLICY every_store ON search_entries TO storefront_across USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE search_versions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE search_versions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_rows ON search_versions USING (store_id = current_setting('storefront.store_id', true));
--> statement-breakpoint
CREATE POLICY every_store ON search_versions TO storefront_across USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE search_words ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE search_words FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_rows ON search_words USING (store_id = current_setting('storefront.store_id', true));
--> statement-breakpoint
CREATE POLICY every_store ON search_words TO storefront_across USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE search_synonyms ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE search_synonyms FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_rows ON search_synonyms USING (store_id = current_setting('storefront.store_id', true));
--> statement-breakpoint
CREATE POLICY every_store ON search_synonyms TO storefront_across USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE search_query_results ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE search_query_results FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_rows ON search_query_results USING (store_id = current_setting('storefront.store_id', true));
--> statement-breakpoint
CREATE POLICY every_store ON search_query_results TO storefront_across USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE chat_conversations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE chat_conversations FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_rows ON chat_conversations USING (store_id = current_setting('storefront.store_id', true));
--> statement-breakpoint
CREATE POLICY every_store ON chat_conversations TO storefront_across USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE chat_questions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE chat_questions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_rows ON chat_questions USING (store_id = current_setting('storefront.store_id', true));
--> statement-breakpoint
CREATE POLICY every_store ON chat_questions TO storefront_across USING (true) WITH CHECK (true);
--> statement-breakpoint
-- The two tables whose rows name their store through their parent's row.
ALTER TABLE collection_products ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE collection_products FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_rows ON collection_products USING (EXISTS (SELECT FROM collections p WHERE p.id = collection_products.collection_id));
--> statement-breakpoint
CREATE POLICY every_store ON collection_products TO storefront_across USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE discount_redemptions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE discount_redemptions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY store_rows ON discount_redemptions USING (EXISTS (SELECT FROM discount_codes p WHERE p.id = discount_redemptions.discount_code_id));
--> statement-breakpoint
CREATE POLICY every_store ON discount_redemptions TO storefront_across USING (true) WITH CHECK (true);
