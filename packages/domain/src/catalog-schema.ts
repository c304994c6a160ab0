import { z } from "zod";
import { CurrencySchema } from "./money-schema.ts";
import { SubscriptionPlanSchema } from "./subscription-schema.ts";

/** What the catalogue says to a person. */
export const CATALOG_MESSAGES = {
  productNotFound: "Product not found",
  collectionNotFound: "Collection not found",
  handleTooLong: "Handle must not exceed 200 characters",
  handleShape: "Handle may contain only lower-case letters, digits and hyphens",
} as const;

/** The longest handle; the server's path-parameter limit is derived from it (MAX_PATH_PARAM_LENGTH). */
export const HANDLE_MAX_LENGTH = 200;

/**
 * The longest path parameter a route takes (a handle, an id, an order's access key): the server
 * matches longer ones too, so the schema answers the length message instead of no route.
 */
export const MAX_PATH_PARAM_LENGTH = HANDLE_MAX_LENGTH * 4;

/** A product or collection handle in a path: lower-case letters, digits and hyphens. */
export const HandleSchema = z
  .string()
  .max(HANDLE_MAX_LENGTH, CATALOG_MESSAGES.handleTooLong)
  .regex(/^[a-z0-9][a-z0-9-]*$/, CATALOG_MESSAGES.handleShape);

/** A purchasable variant as the API answers it; prices in minor units per currency. */
export const VariantSchema = z.object({
  sku: z.string(),
  product_attributes: z.record(z.string(), z.string()),
  product_price: z.number().int(),
  prices: z.partialRecord(CurrencySchema, z.number().int()),
  image_urls: z.array(z.string()),
  /** What a shopper can buy; of a bundle's own variant, how many bundles its choices can fill. */
  total_stock: z.number().int(),
  /** False for what is never shipped (a digital plan, a service): sold one at a time. */
  requires_shipping: z.boolean(),
  /** The price of one delivery on each of the product's plans, in the answer's currency. */
  subscriptions: z.array(
    z.object({ subscription_id: z.string(), subscription_price: z.number().int() }),
  ),
});
export type Variant = z.infer<typeof VariantSchema>;

/** GET /api/products/{handle}: the spec's Product entity plus handle and texts. */
export const ProductSchema = z.object({
  id: z.string(),
  handle: z.string(),
  product_title: z.string(),
  description_html: z.string(),
  meta_description: z.string(),
  currency: CurrencySchema,
  product_price: z.number().int(),
  product_urls: z.array(z.string()),
  variant_list: z.record(z.string(), z.array(z.string())),
  variants: z.array(VariantSchema),
  /** The plans a shopper may subscribe to instead of buying once; empty when none. */
  subscription_plans: z.array(SubscriptionPlanSchema),
  /**
   * A bundle: its one variant is the bundle at its fixed price, and the shopper fills `slots`
   * slots, each with one of `choices`; null for any other product.
   */
  bundle: z
    .object({
      slots: z.number().int(),
      choices: z.array(
        z.object({
          sku: z.string(),
          handle: z.string(),
          title: z.string(),
          attributes: z.record(z.string(), z.string()),
          image_url: z.string().nullable(),
          /** Its own price in the answer's currency, to show what the bundle saves. */
          price: z.number().int(),
          total_stock: z.number().int(),
        }),
      ),
    })
    .nullable(),
});
export type ProductBundle = NonNullable<z.infer<typeof ProductSchema>["bundle"]>;
export type Product = z.infer<typeof ProductSchema>;

/** A product in a list: its lowest price in the currency, first image and whether any is in stock. */
export const ProductCardSchema = z.object({
  id: z.string(),
  handle: z.string(),
  product_title: z.string(),
  currency: CurrencySchema,
  product_price: z.number().int(),
  image_url: z.string().nullable(),
  image_alt: z.string(),
  in_stock: z.boolean(),
  /** Mean of the product's visible reviews to 2 decimals; 0 when it has none. */
  review_average: z.number(),
  review_count: z.number().int(),
});
export type ProductCard = z.infer<typeof ProductCardSchema>;

/** GET /api/products: the store's published products. */
export const ProductListSchema = z.object({ products: z.array(ProductCardSchema) });
export type ProductList = z.infer<typeof ProductListSchema>;
