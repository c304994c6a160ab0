ALTER TABLE "stores" DROP COLUMN "stripe_publishable_key";--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_default_currency" CHECK ("stores"."default_currency" in ('usd', 'cad'));