CREATE TABLE "subscription_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"product_id" uuid NOT NULL,
	"code" text NOT NULL,
	"label" text NOT NULL,
	"interval" text NOT NULL,
	"interval_count" integer DEFAULT 1 NOT NULL,
	"discount_percentage" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "subscription_plans_product_code" UNIQUE("product_id","code"),
	CONSTRAINT "subscription_plans_interval" CHECK ("subscription_plans"."interval" in ('week', 'month')),
	CONSTRAINT "subscription_plans_interval_count" CHECK ("subscription_plans"."interval_count" >= 1),
	CONSTRAINT "subscription_plans_discount" CHECK ("subscription_plans"."discount_percentage" between 1 and 50)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"order_line_id" uuid NOT NULL,
	"variant_id" uuid,
	"plan_id" uuid,
	"sku" text NOT NULL,
	"product_title" text NOT NULL,
	"plan_code" text NOT NULL,
	"plan_label" text NOT NULL,
	"interval" text NOT NULL,
	"interval_count" integer NOT NULL,
	"discount_percentage" integer NOT NULL,
	"quantity" integer NOT NULL,
	"price" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"next_charge_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_order_line" UNIQUE("order_line_id"),
	CONSTRAINT "subscriptions_interval" CHECK ("subscriptions"."interval" in ('week', 'month')),
	CONSTRAINT "subscriptions_quantity" CHECK ("subscriptions"."quantity" >= 1 and "subscriptions"."interval_count" >= 1),
	CONSTRAINT "subscriptions_price" CHECK ("subscriptions"."price" >= 0),
	CONSTRAINT "subscriptions_currency" CHECK ("subscriptions"."currency" in ('usd', 'cad')),
	CONSTRAINT "subscriptions_status" CHECK ("subscriptions"."status" in ('active'))
);
--> statement-breakpoint
ALTER TABLE "cart_lines" DROP CONSTRAINT "cart_lines_cart_id_variant_id_pk";--> statement-breakpoint
ALTER TABLE "cart_lines" ADD COLUMN "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD COLUMN "plan_id" uuid;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "plan_id" uuid;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "subscription" jsonb;--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD CONSTRAINT "subscription_plans_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD CONSTRAINT "subscription_plans_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_plans_store_product" ON "subscription_plans" USING btree ("store_id","product_id");--> statement-breakpoint
CREATE INDEX "subscriptions_store_user" ON "subscriptions" USING btree ("store_id","user_id","created_at");--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_cart_variant_plan" UNIQUE NULLS NOT DISTINCT("cart_id","variant_id","plan_id");