ALTER TABLE "stores" ADD COLUMN "currencies" text[] DEFAULT '{usd,cad}' NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_currencies" CHECK (cardinality("stores"."currencies") > 0 and "stores"."currencies" <@ array['usd', 'cad'] and "stores"."default_currency" = any("stores"."currencies"));--> statement-breakpoint
-- Free shipping becomes a store setting per country: every store so far shipped free on US
-- orders of $149.00 or more.
UPDATE "stores" SET "checkout_settings" = "checkout_settings" || '{"freeShipping": {"US": 14900}}'::jsonb
WHERE NOT ("checkout_settings" ? 'freeShipping');
--> statement-breakpoint
-- The currencies a store sells decide a request's currency before any route runs, so every
-- instance forgets its hosts' answers when they change, as when a store is disabled.
DROP TRIGGER "stores_hosts_notice" ON "stores";
--> statement-breakpoint
CREATE TRIGGER stores_hosts_notice AFTER INSERT OR DELETE OR UPDATE OF disabled_at, currencies, default_currency ON stores
FOR EACH STATEMENT EXECUTE FUNCTION storefront_store_hosts_notice();
