ALTER TABLE "stores" ADD COLUMN "product_trust" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
-- The demo stores' promises under Add to cart, as the seed now gives them.
UPDATE "stores" SET "product_trust" = '[{"text": "Free US shipping on orders of {{free_shipping_threshold}} or more", "currency": "usd"}, {"text": "Ships to Canada from {{shipping.CA.standard}}", "currency": "cad"}, {"text": "30-day happiness guarantee"}, {"text": "Orders placed by 1 pm Eastern ship the same day"}]'::jsonb WHERE "id" = 'pet-remedies' AND "product_trust" = '[]'::jsonb;
--> statement-breakpoint
UPDATE "stores" SET "product_trust" = '[{"text": "Free US shipping on orders of {{free_shipping_threshold}} or more", "currency": "usd"}, {"text": "Ships to Canada from {{shipping.CA.standard}}", "currency": "cad"}, {"text": "Unopened products can be returned within 30 days"}, {"text": "Orders placed by noon Mountain time ship the same day"}]'::jsonb WHERE "id" = 'hemp-nutrition' AND "product_trust" = '[]'::jsonb;
--> statement-breakpoint
UPDATE "stores" SET "product_trust" = '[{"text": "Delivered as a printable PDF by email"}, {"text": "Questions answered within two business days"}]'::jsonb WHERE "id" = 'garden-studio' AND "product_trust" = '[]'::jsonb;
