CREATE TABLE "bundle_choices" (
	"store_id" text NOT NULL,
	"bundle_variant_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bundle_choices_bundle_variant_id_variant_id_pk" PRIMARY KEY("bundle_variant_id","variant_id")
);
--> statement-breakpoint
ALTER TABLE "cart_lines" DROP CONSTRAINT "cart_lines_cart_variant_plan";--> statement-breakpoint
ALTER TABLE "cart_lines" ADD COLUMN "selection" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "selection" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "contents" jsonb;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "bundle_slots" integer;--> statement-breakpoint
ALTER TABLE "bundle_choices" ADD CONSTRAINT "bundle_choices_bundle_variant_id_variants_id_fk" FOREIGN KEY ("bundle_variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_choices" ADD CONSTRAINT "bundle_choices_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bundle_choices_variant" ON "bundle_choices" USING btree ("variant_id");--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_cart_variant_plan_selection" UNIQUE NULLS NOT DISTINCT("cart_id","variant_id","plan_id","selection");--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_bundle_slots" CHECK ("variants"."bundle_slots" between 2 and 6);