ALTER TABLE "stores" ADD COLUMN "owner_email" text NOT NULL DEFAULT '';--> statement-breakpoint
UPDATE "stores" SET "owner_email" = CASE "id"
  WHEN 'pet-remedies' THEN 'owner@pawsome.test'
  WHEN 'garden-studio' THEN 'studio@fernwood.test'
  WHEN 'hemp-nutrition' THEN 'owner@hempandhearth.test'
  ELSE 'owner@' || "id" || '.invalid' END;--> statement-breakpoint
ALTER TABLE "stores" ALTER COLUMN "owner_email" DROP DEFAULT;
