ALTER TABLE "variants" ADD COLUMN "requires_shipping" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- The garden studio's demo designs and planting plans are delivered as PDFs: never shipped.
UPDATE "variants" SET "requires_shipping" = false
WHERE "store_id" = 'garden-studio'
  AND "sku" IN ('DESIGN-BASIC', 'DESIGN-PREMIUM', 'PLAN-SPRING', 'PLAN-FALL');
