CREATE TABLE "cart_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"cart_id" uuid NOT NULL,
	"type" text NOT NULL,
	"sku" text,
	"quantity" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_events_type" CHECK ("cart_events"."type" in ('item_added', 'item_quantity_updated', 'item_removed', 'cart_emptied'))
);
--> statement-breakpoint
CREATE TABLE "cart_lines" (
	"cart_id" uuid NOT NULL,
	"store_id" text NOT NULL,
	"variant_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_lines_cart_id_variant_id_pk" PRIMARY KEY("cart_id","variant_id"),
	CONSTRAINT "cart_lines_quantity" CHECK ("cart_lines"."quantity" between 1 and 19)
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"session_id" text NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"discount_code_id" uuid,
	"status" text DEFAULT 'empty' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carts_currency" CHECK ("carts"."currency" in ('usd', 'cad')),
	CONSTRAINT "carts_status" CHECK ("carts"."status" in ('empty', 'active', 'abandoned', 'purchased'))
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"code" text NOT NULL,
	"discount_percentage" integer,
	"amounts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"caps" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"max_redemptions" integer NOT NULL,
	"redemptions" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_store_code" UNIQUE("store_id","code"),
	CONSTRAINT "discount_codes_code_lower_case" CHECK ("discount_codes"."code" = lower("discount_codes"."code")),
	CONSTRAINT "discount_codes_percentage" CHECK ("discount_codes"."discount_percentage" is null or "discount_codes"."discount_percentage" between 1 and 100),
	CONSTRAINT "discount_codes_redemptions" CHECK ("discount_codes"."redemptions" >= 0 and "discount_codes"."max_redemptions" >= 0)
);
--> statement-breakpoint
ALTER TABLE "cart_events" ADD CONSTRAINT "cart_events_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_events_cart" ON "cart_events" USING btree ("cart_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "carts_store_session_open" ON "carts" USING btree ("store_id","session_id") WHERE "carts"."status" <> 'purchased';