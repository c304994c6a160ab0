import { z } from "zod";
import { ProductCardSchema } from "./catalog-schema.ts";
import {
  COLLECTION_MESSAGES,
  COLLECTION_SORTS,
  type CollectionSort,
  PRODUCT_FACETS,
  type ProductFacet,
} from "./collection.ts";
import { CurrencySchema } from "./money-schema.ts";

export const ProductFacetSchema = z.enum(Object.keys(PRODUCT_FACETS) as [ProductFacet]);

/** A tag's value in a URL (?pet=dog): lower-case letters, digits and hyphens. */
export const TagValueSchema = z
  .string()
  .max(64, COLLECTION_MESSAGES.tagTooLong)
  .regex(/^[a-z0-9][a-z0-9-]*$/, COLLECTION_MESSAGES.tagShape);

/** What a product is for, under one facet: { facet: "pet", value: "dog", label: "Dogs" }. */
export const ProductTagSchema = z.object({
  facet: ProductFacetSchema,
  value: TagValueSchema,
  label: z.string().min(1).max(80),
});
export type ProductTag = z.infer<typeof ProductTagSchema>;

export const CollectionSortSchema = z.enum(Object.keys(COLLECTION_SORTS) as [CollectionSort], {
  error: COLLECTION_MESSAGES.sortUnknown,
});

/** GET /api/collections/{handle}'s query: the order and the filters, each optional. */
export const CollectionQuerySchema = z.strictObject({
  sort: CollectionSortSchema.optional(),
  pet: TagValueSchema.optional(),
  condition: TagValueSchema.optional(),
});
export type CollectionQuery = z.infer<typeof CollectionQuerySchema>;

/** One value a facet can be filtered by, with how many products it would list. */
export const FacetOptionSchema = z.object({
  value: z.string(),
  label: z.string(),
  count: z.number().int(),
});

/** A facet some product of the collection is tagged with, and the value chosen (null: any). */
export const CollectionFilterSchema = z.object({
  facet: ProductFacetSchema,
  label: z.string(),
  any: z.string(),
  selected: z.string().nullable(),
  options: z.array(FacetOptionSchema),
});
export type CollectionFilter = z.infer<typeof CollectionFilterSchema>;

/**
 * GET /api/collections/{handle}: a collection with the products that pass its filters, in the
 * order asked for; `total` counts them all, `filters` lists the facets one can narrow it by.
 */
export const CollectionViewSchema = z.object({
  handle: z.string(),
  title: z.string(),
  description: z.string(),
  currency: CurrencySchema,
  sort: CollectionSortSchema,
  filters: z.array(CollectionFilterSchema),
  /** How many products the collection has, before filtering. */
  total: z.number().int(),
  products: z.array(ProductCardSchema),
});
export type CollectionView = z.infer<typeof CollectionViewSchema>;
