CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"store_id" text NOT NULL,
	"kind" text NOT NULL,
	"seq" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "analytics_events_session_kind_seq" UNIQUE("session_id","kind","seq"),
	CONSTRAINT "analytics_events_kind" CHECK ("analytics_events"."kind" in ('page_view', 'product_view', 'search', 'cart_event'))
);
--> statement-breakpoint
CREATE TABLE "analytics_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"visitor_session_id" text,
	"user_id" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_email" text,
	"attribution" jsonb,
	"cart_status" text,
	"pages_viewed" integer DEFAULT 0 NOT NULL,
	"total_view_time" integer DEFAULT 0 NOT NULL,
	"geo" jsonb,
	"geo_error" text
);
--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "abandoned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "analytics_settings" jsonb DEFAULT '{"consent":"not_required","retentionDays":180,"recoveryDelayMinutes":60}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_session_id_analytics_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."analytics_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_sessions" ADD CONSTRAINT "analytics_sessions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_sessions" ADD CONSTRAINT "analytics_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_store_at" ON "analytics_events" USING btree ("store_id","at");--> statement-breakpoint
CREATE INDEX "analytics_sessions_store_seen" ON "analytics_sessions" USING btree ("store_id","last_seen_at");--> statement-breakpoint
CREATE INDEX "analytics_sessions_visitor" ON "analytics_sessions" USING btree ("store_id","visitor_session_id","last_seen_at");--> statement-breakpoint
CREATE INDEX "analytics_sessions_user" ON "analytics_sessions" USING btree ("store_id","user_id","last_seen_at");--> statement-breakpoint
CREATE INDEX "carts_store_abandoned" ON "carts" USING btree ("store_id","abandoned_at") WHERE "carts"."status" = 'abandoned';--> statement-breakpoint
-- The garden studio asks before it records a visit (issue 15): its demo shows the consent banner.
UPDATE "stores" SET "analytics_settings" = jsonb_set("analytics_settings", '{consent}', '"required"')
WHERE "id" = 'garden-studio';--> statement-breakpoint
-- The demo privacy policies say what a visit records, and that Global Privacy Control stops it.
UPDATE "documents" SET "data" = "data" || jsonb_build_object('text-5', '<p><strong>What we record about your visit:</strong> the pages and products you view, what you search for, what you add to your cart, where your visit came from (a link''s campaign tags or the site that sent you) and the country your connection comes from. Pawsome Herbals uses it to see what shoppers look for and to improve the store. If your browser sends the Global Privacy Control signal, we record none of this.</p>'::text)
WHERE "store_id" = 'pet-remedies' AND "kind" = 'master' AND "name" = 'policies/privacy-policy'
  AND NOT "data" ? 'text-5';--> statement-breakpoint
UPDATE "documents" SET "data" = "data" || jsonb_build_object('text-4', '<p><strong>What we record about your visit:</strong> the pages and products you view, what you search for, what you add to your cart, where your visit came from (a link''s campaign tags or the site that sent you) and the country your connection comes from. Hemp &amp; Hearth Nutrition uses it to see what shoppers look for and to improve the store. If your browser sends the Global Privacy Control signal, we record none of this.</p>'::text)
WHERE "store_id" = 'hemp-nutrition' AND "kind" = 'master' AND "name" = 'policies/privacy-policy'
  AND NOT "data" ? 'text-4';--> statement-breakpoint
UPDATE "documents" SET "data" = "data" || jsonb_build_object('text-4', '<p><strong>What we record about your visit:</strong> the pages and products you view, what you search for, what you add to your cart, where your visit came from (a link''s campaign tags or the site that sent you) and the country your connection comes from. Fernwood Garden Studio uses it to see what shoppers look for and to improve the store. If your browser sends the Global Privacy Control signal, we record none of this, and we record nothing until you agree to it in the banner shown on your first visit.</p>'::text)
WHERE "store_id" = 'garden-studio' AND "kind" = 'master' AND "name" = 'policies/privacy-policy'
  AND NOT "data" ? 'text-4';
