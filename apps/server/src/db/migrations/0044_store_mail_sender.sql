ALTER TABLE "outbox" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "mail_from_name" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "mail_from_address" text;