ALTER TABLE "review_votes" ADD COLUMN "ip_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "review_votes_review_ip" ON "review_votes" USING btree ("review_id","ip_hash");