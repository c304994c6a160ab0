CREATE TABLE "cart_recovery_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"cart_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "email_opt_outs" (
	"store_id" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_opt_outs_store_id_email_pk" PRIMARY KEY("store_id","email")
);
--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "recovery_origin" text;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "recovery_emailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cart_recovery_tokens" ADD CONSTRAINT "cart_recovery_tokens_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_recovery_tokens" ADD CONSTRAINT "cart_recovery_tokens_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_opt_outs" ADD CONSTRAINT "email_opt_outs_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_recovery_tokens_hash" ON "cart_recovery_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "cart_recovery_tokens_expires" ON "cart_recovery_tokens" USING btree ("expires_at");--> statement-breakpoint
-- The demo privacy policies say that a left cart gets one reminder, and how long visits are kept.
UPDATE "documents" SET "data" = "data" || jsonb_build_object('text-6', '<p><strong>Cart reminders:</strong> if you leave something in your cart and we know your email (you are signed in, or you typed it at checkout), we send you one reminder an hour later with a link that puts your cart back. Every reminder has a link to stop them. We keep the record of a visit for 180 days, then delete it.</p>'::text)
WHERE "store_id" = 'pet-remedies' AND "kind" = 'master' AND "name" = 'policies/privacy-policy'
  AND NOT "data" ? 'text-6';--> statement-breakpoint
UPDATE "documents" SET "data" = "data" || jsonb_build_object('text-5', '<p><strong>Cart reminders:</strong> if you leave something in your cart and we know your email (you are signed in, or you typed it at checkout), we send you one reminder an hour later with a link that puts your cart back. Every reminder has a link to stop them. We keep the record of a visit for 180 days, then delete it.</p>'::text)
WHERE "store_id" = 'hemp-nutrition' AND "kind" = 'master' AND "name" = 'policies/privacy-policy'
  AND NOT "data" ? 'text-5';--> statement-breakpoint
UPDATE "documents" SET "data" = "data" || jsonb_build_object('text-5', '<p><strong>Cart reminders:</strong> if you leave something in your cart and we know your email (you are signed in, or you typed it at checkout), we send you one reminder an hour later with a link that puts your cart back. Every reminder has a link to stop them. We keep the record of a visit for 180 days, then delete it.</p>'::text)
WHERE "store_id" = 'garden-studio' AND "kind" = 'master' AND "name" = 'policies/privacy-policy'
  AND NOT "data" ? 'text-5';
