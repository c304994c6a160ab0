CREATE SEQUENCE "public"."order_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"store_id" text NOT NULL,
	"variant_id" uuid,
	"product_id" uuid,
	"sku" text NOT NULL,
	"handle" text NOT NULL,
	"title" text NOT NULL,
	"attributes" jsonb NOT NULL,
	"image_url" text,
	"quantity" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"line_total" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_lines_quantity" CHECK ("order_lines"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"number" integer DEFAULT nextval('order_numbers') NOT NULL,
	"idempotency_key" text NOT NULL,
	"user_id" uuid,
	"cart_id" uuid,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"address" jsonb NOT NULL,
	"currency" text NOT NULL,
	"subtotal" integer NOT NULL,
	"discount_amount" integer DEFAULT 0 NOT NULL,
	"discount_code_id" uuid,
	"discount_code" text,
	"affiliate_user_id" uuid,
	"shipping_option_id" text NOT NULL,
	"shipping_label" text NOT NULL,
	"shipping_amount" integer NOT NULL,
	"tax_lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tax_amount" integer NOT NULL,
	"total" integer NOT NULL,
	"status" text DEFAULT 'awaiting_payment' NOT NULL,
	"payment_provider" text NOT NULL,
	"payment_reference" text,
	"card_brand" text,
	"card_last4" text,
	"failure_message" text,
	"access_key_hash" text NOT NULL,
	"hold_expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"points_earned" integer DEFAULT 0 NOT NULL,
	"commission_amount" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_number" UNIQUE("number"),
	CONSTRAINT "orders_store_idempotency_key" UNIQUE("store_id","idempotency_key"),
	CONSTRAINT "orders_currency" CHECK ("orders"."currency" in ('usd', 'cad')),
	CONSTRAINT "orders_status" CHECK ("orders"."status" in ('awaiting_payment', 'paid', 'declined', 'expired', 'canceled')),
	CONSTRAINT "orders_amounts" CHECK ("orders"."subtotal" >= 0 and "orders"."discount_amount" >= 0 and "orders"."shipping_amount" >= 0 and "orders"."tax_amount" >= 0 and "orders"."total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Stores that existed before checkout get the demo stores' shipping and tax tables.
ALTER TABLE "stores" ADD COLUMN "checkout_settings" jsonb NOT NULL DEFAULT '{"shipping":{"US":[{"id":"standard","label":"Standard","amount":795,"estimate":"3–5 business days"},{"id":"express","label":"Express","amount":1995,"estimate":"1–2 business days"}],"CA":[{"id":"standard","label":"Standard","amount":1295,"estimate":"4–8 business days"},{"id":"express","label":"Express","amount":2995,"estimate":"2–3 business days"}]},"tax":{"US":{"AL":{"Sales tax":4000},"AZ":{"Sales tax":5600},"AR":{"Sales tax":6500},"CA":{"Sales tax":7250},"CO":{"Sales tax":2900},"CT":{"Sales tax":6350},"DC":{"Sales tax":6000},"FL":{"Sales tax":6000},"GA":{"Sales tax":4000},"HI":{"Sales tax":4000},"ID":{"Sales tax":6000},"IL":{"Sales tax":6250},"IN":{"Sales tax":7000},"IA":{"Sales tax":6000},"KS":{"Sales tax":6500},"KY":{"Sales tax":6000},"LA":{"Sales tax":5000},"ME":{"Sales tax":5500},"MD":{"Sales tax":6000},"MA":{"Sales tax":6250},"MI":{"Sales tax":6000},"MN":{"Sales tax":6875},"MS":{"Sales tax":7000},"MO":{"Sales tax":4225},"NE":{"Sales tax":5500},"NV":{"Sales tax":6850},"NJ":{"Sales tax":6625},"NM":{"Sales tax":4875},"NY":{"Sales tax":4000},"NC":{"Sales tax":4750},"ND":{"Sales tax":5000},"OH":{"Sales tax":5750},"OK":{"Sales tax":4500},"PA":{"Sales tax":6000},"RI":{"Sales tax":7000},"SC":{"Sales tax":6000},"SD":{"Sales tax":4200},"TN":{"Sales tax":7000},"TX":{"Sales tax":6250},"UT":{"Sales tax":6100},"VT":{"Sales tax":6000},"VA":{"Sales tax":5300},"WA":{"Sales tax":6500},"WV":{"Sales tax":6000},"WI":{"Sales tax":5000},"WY":{"Sales tax":4000}},"CA":{"AB":{"GST":5000},"BC":{"GST":5000,"PST":7000},"MB":{"GST":5000,"RST":7000},"NB":{"HST":15000},"NL":{"HST":15000},"NS":{"HST":14000},"NT":{"GST":5000},"NU":{"GST":5000},"ON":{"HST":13000},"PE":{"HST":15000},"QC":{"GST":5000,"QST":9975},"SK":{"GST":5000,"PST":6000},"YT":{"GST":5000}}}}'::jsonb;--> statement-breakpoint
ALTER TABLE "stores" ALTER COLUMN "checkout_settings" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_affiliate_user_id_users_id_fk" FOREIGN KEY ("affiliate_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_order" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_lines_store_product" ON "order_lines" USING btree ("store_id","product_id");--> statement-breakpoint
CREATE INDEX "orders_store_user" ON "orders" USING btree ("store_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_store_email" ON "orders" USING btree ("store_id","email");--> statement-breakpoint
CREATE INDEX "orders_awaiting_payment" ON "orders" USING btree ("hold_expires_at") WHERE "orders"."status" = 'awaiting_payment';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_payment_reference" ON "orders" USING btree ("payment_provider","payment_reference");