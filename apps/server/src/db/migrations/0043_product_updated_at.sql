ALTER TABLE "products" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Products from before: last changed when they were made, as far as anyone can tell.
UPDATE "products" SET "updated_at" = "created_at";
