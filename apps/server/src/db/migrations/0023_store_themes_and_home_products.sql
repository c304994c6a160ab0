-- Each demo store gets its own type (issue 14, item 13): the garden studio Fraunces and Nunito
-- Sans with squarer buttons, the hemp store Work Sans; the pet store keeps Literata.
UPDATE "stores" SET "theme" = jsonb_set(jsonb_set("theme", '{typography,fonts}',
    '{"primary":"Fraunces","body":"Nunito Sans"}'::jsonb), '{buttons,radius}', '"6px"'::jsonb)
WHERE "id" = 'garden-studio' AND "theme" #>> '{typography,fonts,primary}' = 'Literata';
--> statement-breakpoint
UPDATE "stores" SET "theme" = jsonb_set("theme", '{typography,fonts}',
    '{"primary":"Work Sans","body":"Work Sans"}'::jsonb)
WHERE "id" = 'hemp-nutrition' AND "theme" #>> '{typography,fonts,primary}' = 'Literata';
--> statement-breakpoint
-- The home pages place the products' grid themselves, under their own heading (it was always
-- under "Shop by condition", after the page).
UPDATE "documents" SET "data" = jsonb_set("data", '{sections}',
    ("data" -> 'sections') || '[{"widget":"products","title":"Shop by condition"}]'::jsonb)
WHERE "store_id" = 'pet-remedies' AND "kind" = 'master' AND "name" = 'homepage'
  AND jsonb_typeof("data" -> 'sections') = 'array'
  AND NOT ("data" -> 'sections') @> '[{"widget":"products"}]'::jsonb;
--> statement-breakpoint
UPDATE "documents" SET "data" = jsonb_set("data", '{sections}',
    ("data" -> 'sections') || '[{"widget":"products","title":"Design services"}]'::jsonb)
WHERE "store_id" = 'garden-studio' AND "kind" = 'master' AND "name" = 'homepage'
  AND jsonb_typeof("data" -> 'sections') = 'array'
  AND NOT ("data" -> 'sections') @> '[{"widget":"products"}]'::jsonb;
--> statement-breakpoint
UPDATE "documents" SET "data" = jsonb_set("data", '{sections}',
    ("data" -> 'sections') || '{"title-4":"Hemp nutrition for every pet","widget-4":"products"}'::jsonb)
WHERE "store_id" = 'hemp-nutrition' AND "kind" = 'master' AND "name" = 'homepage'
  AND jsonb_typeof("data" -> 'sections') = 'object'
  AND NOT ("data" -> 'sections') ? 'widget-4';
