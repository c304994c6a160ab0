ALTER TABLE "stores" ADD COLUMN "affiliate_percentage" integer;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_affiliate_percentage" CHECK ("stores"."affiliate_percentage" is null or "stores"."affiliate_percentage" between 0 and 100);
--> statement-breakpoint
-- The demo pet store's affiliate programme pays what its demo affiliate earns.
UPDATE "stores" SET "affiliate_percentage" = 10 WHERE "id" = 'pet-remedies';
--> statement-breakpoint
-- Demo policy pages seeded before quote the figures checkout uses through placeholders, so they
-- cannot drift from it again (a page a merchant has rewritten is left as it is).
UPDATE "documents" SET "data" = replace("data"::text, 'a flat $7.95 on smaller orders. Delivery takes 2 to 5 business days.</li><li><strong>Canada:</strong> a flat rate of CA$14.95, delivered in 5 to 9 business days. Duties and taxes are included at checkout.</li>', 'otherwise Standard at {{shipping.US.standard}} ({{shipping.US.standard.estimate}}) or Express at {{shipping.US.express}} ({{shipping.US.express.estimate}}).</li><li><strong>Canada:</strong> Standard at {{shipping.CA.standard}} ({{shipping.CA.standard.estimate}}) or Express at {{shipping.CA.express}} ({{shipping.CA.express.estimate}}). Duties and taxes are included at checkout.</li>')::jsonb
WHERE "store_id" = 'pet-remedies' AND "kind" = 'master' AND strpos("data"::text, 'a flat $7.95 on smaller orders. Delivery takes 2 to 5 business days.</li><li><strong>Canada:</strong> a flat rate of CA$14.95, delivered in 5 to 9 business days. Duties and taxes are included at checkout.</li>') > 0;
--> statement-breakpoint
UPDATE "documents" SET "data" = replace("data"::text, '<strong>free shipping on US orders of $149 or more</strong>;', '<strong>free shipping on US orders of {{free_shipping_threshold}} or more</strong>;')::jsonb
WHERE "store_id" = 'pet-remedies' AND "kind" = 'master' AND strpos("data"::text, '<strong>free shipping on US orders of $149 or more</strong>;') > 0;
--> statement-breakpoint
UPDATE "documents" SET "data" = replace("data"::text, 'orders usually arrive within 5 to 9 business days.', 'Standard delivery takes {{shipping.CA.standard.estimate}}.')::jsonb
WHERE "store_id" = 'pet-remedies' AND "kind" = 'master' AND strpos("data"::text, 'orders usually arrive within 5 to 9 business days.') > 0;
--> statement-breakpoint
UPDATE "documents" SET "data" = replace("data"::text, 'you earn 15% of the product subtotal', 'you earn {{affiliate.percentage}}% of the product subtotal')::jsonb
WHERE "store_id" = 'pet-remedies' AND "kind" = 'master' AND strpos("data"::text, 'you earn 15% of the product subtotal') > 0;
--> statement-breakpoint
UPDATE "documents" SET "data" = replace("data"::text, 'free shipping on orders of $149 or more; a flat $7.95 on smaller orders. Delivery takes 2 to 5 business days.</li><li><strong>Canada:</strong> a flat CA$14.95, delivered in 5 to 9 business days.</li>', 'free shipping on orders of {{free_shipping_threshold}} or more; otherwise Standard at {{shipping.US.standard}} ({{shipping.US.standard.estimate}}) or Express at {{shipping.US.express}} ({{shipping.US.express.estimate}}).</li><li><strong>Canada:</strong> Standard at {{shipping.CA.standard}} ({{shipping.CA.standard.estimate}}) or Express at {{shipping.CA.express}} ({{shipping.CA.express.estimate}}).</li>')::jsonb
WHERE "store_id" = 'hemp-nutrition' AND "kind" = 'master' AND strpos("data"::text, 'free shipping on orders of $149 or more; a flat $7.95 on smaller orders. Delivery takes 2 to 5 business days.</li><li><strong>Canada:</strong> a flat CA$14.95, delivered in 5 to 9 business days.</li>') > 0;
