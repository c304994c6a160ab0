ALTER TABLE "products" ADD COLUMN "tags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- The demo stores' products say what they are for (pets, conditions): their collections can be filtered.
UPDATE "products" SET "tags" = '[{"facet":"pet","value":"dog","label":"Dogs"},{"facet":"pet","value":"cat","label":"Cats"},{"facet":"condition","value":"allergies","label":"Allergies"}]'::jsonb WHERE "store_id" = 'pet-remedies' AND "handle" = 'itchy-scratchy' AND "tags" = '[]'::jsonb;--> statement-breakpoint
UPDATE "products" SET "tags" = '[{"facet":"pet","value":"dog","label":"Dogs"},{"facet":"pet","value":"cat","label":"Cats"},{"facet":"condition","value":"anxiety","label":"Anxiety"}]'::jsonb WHERE "store_id" = 'pet-remedies' AND "handle" = 'no-more-drama' AND "tags" = '[]'::jsonb;--> statement-breakpoint
UPDATE "products" SET "tags" = '[{"facet":"pet","value":"dog","label":"Dogs"},{"facet":"pet","value":"cat","label":"Cats"},{"facet":"condition","value":"appetite","label":"Appetite"}]'::jsonb WHERE "store_id" = 'pet-remedies' AND "handle" = 'eat' AND "tags" = '[]'::jsonb;--> statement-breakpoint
UPDATE "products" SET "tags" = '[{"facet":"pet","value":"dog","label":"Dogs"},{"facet":"pet","value":"cat","label":"Cats"},{"facet":"condition","value":"constipation","label":"Constipation"}]'::jsonb WHERE "store_id" = 'pet-remedies' AND "handle" = 'cant-poo-poo' AND "tags" = '[]'::jsonb;--> statement-breakpoint
UPDATE "products" SET "tags" = '[{"facet":"pet","value":"dog","label":"Dogs"},{"facet":"pet","value":"cat","label":"Cats"},{"facet":"condition","value":"diarrhea","label":"Diarrhea"}]'::jsonb WHERE "store_id" = 'pet-remedies' AND "handle" = 'poo-poo-problems' AND "tags" = '[]'::jsonb;--> statement-breakpoint
UPDATE "products" SET "tags" = '[{"facet":"pet","value":"dog","label":"Dogs"},{"facet":"pet","value":"cat","label":"Cats"},{"facet":"condition","value":"general-health","label":"General Health"}]'::jsonb WHERE "store_id" = 'pet-remedies' AND "handle" = 'forever-young' AND "tags" = '[]'::jsonb;--> statement-breakpoint
UPDATE "products" SET "tags" = '[{"facet":"pet","value":"dog","label":"Dogs"},{"facet":"pet","value":"cat","label":"Cats"},{"facet":"condition","value":"pain","label":"Pain"}]'::jsonb WHERE "store_id" = 'pet-remedies' AND "handle" = 'ouchie' AND "tags" = '[]'::jsonb;--> statement-breakpoint
UPDATE "products" SET "tags" = '[{"facet":"pet","value":"dog","label":"Dogs"},{"facet":"pet","value":"cat","label":"Cats"},{"facet":"condition","value":"urinary-tract-and-stones","label":"Urinary Tract & Stones"}]'::jsonb WHERE "store_id" = 'pet-remedies' AND "handle" = 'pee-pee-issues' AND "tags" = '[]'::jsonb;--> statement-breakpoint
UPDATE "products" SET "tags" = '[{"facet":"pet","value":"dog","label":"Dogs"},{"facet":"pet","value":"cat","label":"Cats"},{"facet":"condition","value":"yeast-and-fungus","label":"Yeast & Fungus"}]'::jsonb WHERE "store_id" = 'pet-remedies' AND "handle" = 'yucky-fungus' AND "tags" = '[]'::jsonb;--> statement-breakpoint
UPDATE "products" SET "tags" = '[{"facet":"pet","value":"dog","label":"Dogs"},{"facet":"pet","value":"cat","label":"Cats"},{"facet":"condition","value":"skin-and-coat","label":"Skin & Coat"}]'::jsonb WHERE "store_id" = 'hemp-nutrition' AND "handle" = 'hemp-seed-oil-for-pets' AND "tags" = '[]'::jsonb;--> statement-breakpoint
UPDATE "products" SET "tags" = '[{"facet":"pet","value":"dog","label":"Dogs"},{"facet":"condition","value":"anxiety","label":"Anxiety"}]'::jsonb WHERE "store_id" = 'hemp-nutrition' AND "handle" = 'calming-chews' AND "tags" = '[]'::jsonb;--> statement-breakpoint
UPDATE "products" SET "tags" = '[{"facet":"pet","value":"dog","label":"Dogs"},{"facet":"pet","value":"cat","label":"Cats"},{"facet":"condition","value":"skin-and-coat","label":"Skin & Coat"}]'::jsonb WHERE "store_id" = 'hemp-nutrition' AND "handle" = 'omega-blend' AND "tags" = '[]'::jsonb;--> statement-breakpoint
UPDATE "products" SET "tags" = '[{"facet":"pet","value":"dog","label":"Dogs"},{"facet":"pet","value":"cat","label":"Cats"},{"facet":"condition","value":"hips-and-joints","label":"Hips & Joints"}]'::jsonb WHERE "store_id" = 'hemp-nutrition' AND "handle" = 'hip-and-joint' AND "tags" = '[]'::jsonb;
--> statement-breakpoint
-- The pet store's Dogs and Cats menus open with a link to the collection filtered to that pet.
UPDATE "stores" SET "navbar" = jsonb_insert(
  jsonb_insert("navbar", '{menus,0,items,0}',
    '{"label":"All remedies for dogs","href":"/collections/liquid-dog-vitamins-supplements?pet=dog"}'::jsonb),
  '{menus,1,items,0}',
  '{"label":"All remedies for cats","href":"/collections/liquid-dog-vitamins-supplements?pet=cat"}'::jsonb)
WHERE "id" = 'pet-remedies'
  AND "navbar" #>> '{menus,0,label}' = 'Dogs'
  AND "navbar" #>> '{menus,1,label}' = 'Cats';
--> statement-breakpoint
-- Product cards show their rating, so lists of products (the catalogue answers and every page
-- listing products) change with a review's rating or visibility too; a helpful vote or the
-- owner's answer changes only its product's page.
CREATE OR REPLACE FUNCTION storefront_reviews_notice() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  found_handle text;
  lists boolean;
BEGIN
  lists := TG_OP <> 'UPDATE'
    OR OLD.rating IS DISTINCT FROM NEW.rating
    OR OLD.hidden IS DISTINCT FROM NEW.hidden
    OR OLD.product_id IS DISTINCT FROM NEW.product_id;
  PERFORM pg_notify('storefront_cache', 'reviews');
  IF lists THEN
    PERFORM pg_notify('storefront_cache', 'catalog');
  END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT handle INTO found_handle FROM products WHERE id = OLD.product_id;
    IF found_handle IS NOT NULL THEN
      PERFORM storefront_pages_changed(OLD.store_id, 'product:' || found_handle);
    END IF;
    IF lists THEN
      PERFORM storefront_pages_changed(OLD.store_id, 'catalog');
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT handle INTO found_handle FROM products WHERE id = NEW.product_id;
    IF found_handle IS NOT NULL THEN
      PERFORM storefront_pages_changed(NEW.store_id, 'product:' || found_handle);
    END IF;
    IF lists THEN
      PERFORM storefront_pages_changed(NEW.store_id, 'catalog');
    END IF;
  END IF;
  RETURN NULL;
END
$$;
