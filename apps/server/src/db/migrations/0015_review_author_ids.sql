ALTER TABLE "reviews" ADD COLUMN "author_key" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "client_review_id" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_store_author_client_id" UNIQUE("store_id","author_key","client_review_id");--> statement-breakpoint
-- Reviews written by a signed-in account before this migration stay that author's: resending one
-- answers it again. A guest's earlier session was never stored, so theirs have no author.
UPDATE "reviews" SET "author_key" = 'user:' || "user_id", "client_review_id" = "review_id" WHERE "user_id" IS NOT NULL;
