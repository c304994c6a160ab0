ALTER TABLE "orders" ADD COLUMN "trade_prices" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "trade_terms" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "resale_certificate" text;--> statement-breakpoint
ALTER TABLE "variant_prices" ADD COLUMN "trade_amount" integer;--> statement-breakpoint
ALTER TABLE "variant_prices" ADD CONSTRAINT "variant_prices_trade_amount_non_negative" CHECK ("variant_prices"."trade_amount" >= 0);