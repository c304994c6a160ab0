CREATE TABLE "discount_redemptions" (
	"discount_code_id" uuid NOT NULL,
	"customer_key" text NOT NULL,
	"order_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_redemptions_discount_code_id_customer_key_pk" PRIMARY KEY("discount_code_id","customer_key")
);
--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "once_per_customer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The demo's welcome code is for new customers: once each.
UPDATE "discount_codes" SET "once_per_customer" = true WHERE "code" = 'welcome15';
