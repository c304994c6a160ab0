CREATE TABLE "review_reports" (
	"review_id" uuid NOT NULL,
	"store_id" text NOT NULL,
	"reporter" text NOT NULL,
	"ip_hash" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_reports_review_id_reporter_pk" PRIMARY KEY("review_id","reporter"),
	CONSTRAINT "review_reports_reason" CHECK ("review_reports"."reason" in ('spam', 'offensive', 'off_topic', 'other'))
);
--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_reports_review_ip" ON "review_reports" USING btree ("review_id","ip_hash");--> statement-breakpoint
CREATE INDEX "review_reports_store" ON "review_reports" USING btree ("store_id","review_id");