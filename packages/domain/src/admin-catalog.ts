import { z } from "zod";
import { CURRENCIES } from "./money.ts";
import { CurrencySchema } from "./money-schema.ts";

/** How the store's admins list products (GET /api/admin/products). */
export const ADMIN_CATALOG_LIMITS = {
  perPage: 25,
  /** A shipped variant with this many or fewer in stock is on the low-stock list. */
  lowStock: 5,
  query: 100,
  maxPrice: 100_000_000,
  maxStock: 1_000_000,
} as const;

export const ADMIN_CATALOG_MESSAGES = {
  query: `Searches are limited to ${ADMIN_CATALOG_LIMITS.query} characters.`,
  page: "page must be a whole number from 1",
  price: "A price must be a whole number of cents, 0 or more",
  stock: `Stock must be a whole number from 0 to ${ADMIN_CATALOG_LIMITS.maxStock}`,
  nothingToChange: "Send prices, stock or both",
  stockChanged: (now: number) =>
    `The stock changed to ${now} while you were editing (an order or another admin). Check it and save again.`,
  variantNotFound: "Variant not found",
  productNotFound: "Product not found",
  bundleStock: "A bundle has no stock of its own: change the stock of what it holds.",
  notShipped: "This variant is not shipped, so it has no stock to change.",
  duplicateCurrency: "Each currency once",
} as const;

const M = ADMIN_CATALOG_MESSAGES;

/** GET /api/admin/products's query: a search by title, handle or SKU, the low-stock list, a page. */
export const AdminProductQuerySchema = z.strictObject({
  q: z
    .string()
    .trim()
    .max(ADMIN_CATALOG_LIMITS.query, M.query)
    .optional()
    .transform((q) => (q === "" ? undefined : q)),
  lowStock: z
    .enum(["", "0", "1", "true", "false"], { error: "lowStock must be true or false" })
    .optional()
    .transform((v) => v === "1" || v === "true"),
  page: z.coerce
    .number({ error: M.page })
    .int(M.page)
    .min(1, M.page)
    .max(100_000, M.page)
    .default(1),
});
export type AdminProductQuery = z.infer<typeof AdminProductQuerySchema>;

export const AdminVariantSchema = z.object({
  id: z.string(),
  sku: z.string(),
  attributes: z.record(z.string(), z.string()),
  stock: z.number().int(),
  requiresShipping: z.boolean(),
  /** A bundle's variant: its stock is its contents'. */
  bundle: z.boolean(),
  prices: z.array(z.object({ currency: CurrencySchema, amount: z.number().int() })),
});
export type AdminVariant = z.infer<typeof AdminVariantSchema>;

export const AdminProductSchema = z.object({
  id: z.string(),
  handle: z.string(),
  title: z.string(),
  published: z.boolean(),
  variants: z.array(AdminVariantSchema),
});
export type AdminProduct = z.infer<typeof AdminProductSchema>;

export const AdminProductListSchema = z.object({
  products: z.array(AdminProductSchema),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
});
export type AdminProductList = z.infer<typeof AdminProductListSchema>;

const price = z
  .number({ error: M.price })
  .int(M.price)
  .min(0, M.price)
  .max(ADMIN_CATALOG_LIMITS.maxPrice, M.price);
const stock = z
  .number({ error: M.stock })
  .int(M.stock)
  .min(0, M.stock)
  .max(ADMIN_CATALOG_LIMITS.maxStock, M.stock);

/**
 * PATCH /api/admin/variants/{id}: new prices per currency, and the stock as the admin saw it
 * (`expected`) with the new `value`: a checkout that took stock in between makes it a 409, never
 * a blind overwrite.
 */
export const VariantUpdateSchema = z
  .strictObject({
    prices: z
      .array(z.strictObject({ currency: z.enum(CURRENCIES), amount: price }))
      .max(CURRENCIES.length)
      .refine(
        (list) => new Set(list.map((p) => p.currency)).size === list.length,
        M.duplicateCurrency,
      )
      .optional(),
    stock: z.strictObject({ expected: stock, value: stock }).optional(),
  })
  .refine((u) => (u.prices?.length ?? 0) > 0 || u.stock !== undefined, {
    message: M.nothingToChange,
  });
export type VariantUpdate = z.infer<typeof VariantUpdateSchema>;

/** PATCH /api/admin/variants/{id}'s answer: the variant's prices and stock as saved. */
export const AdminVariantSavedSchema = z.object({
  sku: z.string(),
  stock: z.number().int(),
  prices: z.array(z.object({ currency: CurrencySchema, amount: z.number().int() })),
});
export type AdminVariantSaved = z.infer<typeof AdminVariantSavedSchema>;

/** PATCH /api/admin/products/{id}: publish or hide a product. */
export const ProductUpdateSchema = z.strictObject({
  published: z.boolean({ error: "published must be true or false" }),
});

/** PATCH /api/admin/products/{id}'s answer: whether the product is published now. */
export const AdminProductPublishedSchema = z.object({ id: z.string(), published: z.boolean() });
export type AdminProductPublished = z.infer<typeof AdminProductPublishedSchema>;

/** The most products one collection may hold (far past any store's). */
export const ADMIN_COLLECTION_LIMITS = { products: 1_000 } as const;

export const ADMIN_COLLECTION_MESSAGES = {
  collectionNotFound: "Collection not found",
  productIds: `A collection holds at most ${ADMIN_COLLECTION_LIMITS.products.toLocaleString("en-US")} products, each given by its id`,
  duplicate: "Each product may be in the collection once",
  unknownProducts: "Some of these products are not this store's",
} as const;

/** A product as a collection lists it. */
export const AdminCollectionProductSchema = z.object({
  id: z.string(),
  handle: z.string(),
  title: z.string(),
  published: z.boolean(),
});
export type AdminCollectionProduct = z.infer<typeof AdminCollectionProductSchema>;

/** GET /api/admin/collections: each collection's products in their order, and every product. */
export const AdminCollectionListSchema = z.object({
  collections: z.array(
    z.object({
      id: z.string(),
      handle: z.string(),
      title: z.string(),
      products: z.array(AdminCollectionProductSchema),
    }),
  ),
  /** The store's products, published or not, by title: what may be added. */
  products: z.array(AdminCollectionProductSchema),
});
export type AdminCollectionList = z.infer<typeof AdminCollectionListSchema>;

/** PUT /api/admin/collections/{id}/products: the collection's products, in their new order. */
export const CollectionProductsUpdateSchema = z.strictObject({
  productIds: z
    .array(z.uuid({ error: ADMIN_COLLECTION_MESSAGES.productIds }), {
      error: ADMIN_COLLECTION_MESSAGES.productIds,
    })
    .max(ADMIN_COLLECTION_LIMITS.products, ADMIN_COLLECTION_MESSAGES.productIds)
    .refine((ids) => new Set(ids).size === ids.length, ADMIN_COLLECTION_MESSAGES.duplicate),
});
export type CollectionProductsUpdate = z.infer<typeof CollectionProductsUpdateSchema>;
