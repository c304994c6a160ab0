-- An event is known by what it was and when (its key), not by its place in one tab's list: two
-- tabs of a visit, each with its own lists, no longer take each other's places.
ALTER TABLE "analytics_events" DROP CONSTRAINT "analytics_events_session_kind_seq";--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "key" text;--> statement-breakpoint
UPDATE "analytics_events" SET "key" = "id"::text;--> statement-breakpoint
ALTER TABLE "analytics_events" ALTER COLUMN "key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_events" DROP COLUMN "seq";--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_session_kind_key" UNIQUE("session_id","kind","key");--> statement-breakpoint
-- A reminder that could not be sent is tried again, three times at most.
ALTER TABLE "carts" ADD COLUMN "recovery_attempts" integer DEFAULT 0 NOT NULL;
