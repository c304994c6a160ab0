ALTER TABLE "orders" ADD COLUMN "payment_account" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "payment_provider" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "payment_account" text;--> statement-breakpoint
CREATE UNIQUE INDEX "stores_stripe_id" ON "stores" USING btree ("stripe_id");--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_stripe_id_format" CHECK ("stores"."stripe_id" is null or "stores"."stripe_id" ~ '^acct_[A-Za-z0-9]+$');--> statement-breakpoint
-- A card kept before stores had their own accounts was kept where its first order was paid.
UPDATE "subscriptions" AS s SET "payment_provider" = o."payment_provider", "payment_account" = o."payment_account"
FROM "orders" AS o
WHERE o."id" = s."order_id" AND s."payment_method" IS NOT NULL AND s."payment_provider" IS NULL;
