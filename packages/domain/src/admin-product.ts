import { z } from "zod";
import { ADMIN_CATALOG_LIMITS, ADMIN_CATALOG_MESSAGES } from "./admin-catalog.ts";
import { BUNDLE_MAX_SLOTS, BUNDLE_MESSAGES, BUNDLE_MIN_SLOTS } from "./bundle.ts";
import { HANDLE_MAX_LENGTH } from "./catalog-schema.ts";
import { ProductTagSchema } from "./collection-schema.ts";
import { CURRENCIES, type Currency, currencyList } from "./money.ts";
import { CurrencySchema } from "./money-schema.ts";
import { SUBSCRIPTION_INTERVALS } from "./subscription.ts";

/** What one product may hold, as its admin edits it. */
export const PRODUCT_EDIT_LIMITS = {
  title: 200,
  handle: HANDLE_MAX_LENGTH,
  description: 50_000,
  metaDescription: 320,
  tags: 20,
  collections: 50,
  variants: 50,
  attributes: 5,
  sku: 64,
  plans: 5,
  /** The variants a bundle's shopper may choose from. */
  bundleChoices: 50,
  images: 20,
  alt: 200,
  /** An uploaded image's largest size in bytes, and its smallest side in pixels. */
  imageBytes: 10 * 1024 * 1024,
  imageMinSide: 400,
} as const;

const L = PRODUCT_EDIT_LIMITS;

export const PRODUCT_EDIT_MESSAGES = {
  title: `Enter the product's title (at most ${L.title} characters)`,
  handle: "The handle is lower-case letters, digits and single hyphens, e.g. calm-chews",
  handleTaken: "Another product of this store has this handle",
  description: `The description is at most ${L.description.toLocaleString("en-US")} characters`,
  metaDescription: `The SEO description is at most ${L.metaDescription} characters`,
  tags: `At most ${L.tags} tags, each once`,
  collections: `At most ${L.collections} collections, each given by its id once`,
  unknownCollections: "Some of these collections are not this store's",
  variants: `Give the product 1 to ${L.variants} variants`,
  sku: `A SKU is 1 to ${L.sku} letters, digits, hyphens, dots or underscores`,
  skuTwice: "Each SKU once",
  skuTaken: (sku: string) => `SKU ${sku} belongs to another product of this store`,
  attributes: `A variant has at most ${L.attributes} attributes, each a name and a value of 1 to 80 characters`,
  prices: `Give each variant one price per currency: ${currencyList(CURRENCIES)}`,
  /** The store's own currencies: a variant is priced in each it sells in. */
  pricesFor: (currencies: readonly Currency[]) =>
    `Give each variant one price per currency: ${currencyList(currencies)}`,
  expectedStock: "Send the stock as you saw it (expectedStock) with an existing variant",
  variantSubscribed: (sku: string) =>
    `The variant ${sku} has subscriptions: set its stock to 0 rather than removing it`,
  notTheProductsVariant: "This variant is not one of the product's",
  bundleSlots: `A bundle has ${BUNDLE_MIN_SLOTS} to ${BUNDLE_MAX_SLOTS} items to choose`,
  bundleChoices: `A bundle's choices are 1 to ${L.bundleChoices} SKUs of the store's other products, each once`,
  bundleOneVariant: "A bundle has one variant: the bundle itself, at its price",
  bundleNoPlans: BUNDLE_MESSAGES.noSubscription,
  bundleKind:
    "A product stays a bundle, or a product of its own: create a new product to change that",
  unknownChoices: (skus: readonly string[]) =>
    `Not a SKU of another product of this store: ${skus.join(", ")}`,
  plans: `At most ${L.plans} subscription plans, each with its own code`,
  planCode: "A plan's code is lower-case letters, digits and hyphens, e.g. monthly",
  planLabel: "Give the plan a label of 1 to 80 characters",
  planEvery: "A plan delivers every 1 to 12 weeks or months",
  planDiscount: "A plan's discount is a whole percentage from 1 to 50",
  planInUse: (code: string) =>
    `The plan ${code} has active subscriptions: it cannot be removed while they last`,
  imageType: "Upload a JPEG, PNG or WebP image",
  imageBytes: `An image is at most ${L.imageBytes / 1024 / 1024} MB`,
  imageSmall: `An image is at least ${L.imageMinSide} pixels on each side`,
  images: `A product has at most ${L.images} images`,
  alt: `Describe the image in at most ${L.alt} characters`,
  imageNotFound: "Image not found",
} as const;

const M = PRODUCT_EDIT_MESSAGES;

const HandleField = z
  .string({ error: M.handle })
  .max(L.handle, M.handle)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, M.handle);

const SkuField = z
  .string({ error: M.sku })
  .trim()
  .regex(new RegExp(`^[A-Za-z0-9._-]{1,${L.sku}}$`), M.sku);

const StockField = z
  .number({ error: ADMIN_CATALOG_MESSAGES.stock })
  .int(ADMIN_CATALOG_MESSAGES.stock)
  .min(0, ADMIN_CATALOG_MESSAGES.stock)
  .max(ADMIN_CATALOG_LIMITS.maxStock, ADMIN_CATALOG_MESSAGES.stock);

const PriceField = z
  .number({ error: ADMIN_CATALOG_MESSAGES.price })
  .int(ADMIN_CATALOG_MESSAGES.price)
  .min(0, ADMIN_CATALOG_MESSAGES.price)
  .max(ADMIN_CATALOG_LIMITS.maxPrice, ADMIN_CATALOG_MESSAGES.price);

const AttributeText = z.string().trim().min(1, M.attributes).max(80, M.attributes);

/**
 * One variant as the admin sends it: an existing one by its id, with the stock as the admin saw
 * it (a checkout that took stock in between makes it a 409, never a blind overwrite); a new one
 * without an id.
 */
export const VariantInputSchema = z
  .strictObject({
    id: z.uuid({ error: "A variant's id is a UUID" }).optional(),
    sku: SkuField,
    attributes: z
      .record(AttributeText, AttributeText, { error: M.attributes })
      .refine((a) => Object.keys(a).length <= L.attributes, M.attributes)
      .default({}),
    prices: z
      .array(z.strictObject({ currency: CurrencySchema, amount: PriceField }), { error: M.prices })
      // Each currency at most once; the service holds it to the currencies the store sells in.
      .max(CURRENCIES.length, M.prices)
      .refine((list) => new Set(list.map((p) => p.currency)).size === list.length, M.prices),
    stock: StockField,
    expectedStock: StockField.optional(),
    requiresShipping: z.boolean({ error: "requiresShipping must be true or false" }).default(true),
  })
  .refine((v) => v.id === undefined || v.expectedStock !== undefined, {
    message: M.expectedStock,
    path: ["expectedStock"],
  });
export type VariantInput = z.infer<typeof VariantInputSchema>;

/** A subscription plan: deliver every `intervalCount` weeks or months at a percentage off. */
export const PlanInputSchema = z.strictObject({
  code: z
    .string({ error: M.planCode })
    .max(40, M.planCode)
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, M.planCode),
  label: z.string({ error: M.planLabel }).trim().min(1, M.planLabel).max(80, M.planLabel),
  interval: z.enum(SUBSCRIPTION_INTERVALS, { error: M.planEvery }),
  intervalCount: z
    .number({ error: M.planEvery })
    .int(M.planEvery)
    .min(1, M.planEvery)
    .max(12, M.planEvery),
  discountPercentage: z
    .number({ error: M.planDiscount })
    .int(M.planDiscount)
    .min(1, M.planDiscount)
    .max(50, M.planDiscount),
});
export type PlanInput = z.infer<typeof PlanInputSchema>;

/**
 * A bundle: its shopper fills `slots` with any of `choices` (SKUs of the store's other products,
 * the same one in more than one slot if they like), at the bundle variant's price.
 */
export const BundleInputSchema = z.strictObject({
  slots: z
    .number({ error: M.bundleSlots })
    .int(M.bundleSlots)
    .min(BUNDLE_MIN_SLOTS, M.bundleSlots)
    .max(BUNDLE_MAX_SLOTS, M.bundleSlots),
  choices: z
    .array(SkuField, { error: M.bundleChoices })
    .min(1, M.bundleChoices)
    .max(L.bundleChoices, M.bundleChoices)
    .refine((skus) => new Set(skus.map((s) => s.toUpperCase())).size === skus.length, {
      error: M.bundleChoices,
    }),
});
export type BundleInput = z.infer<typeof BundleInputSchema>;

/**
 * POST /api/admin/products and PUT /api/admin/products/{id}: the whole product as its editor
 * shows it. The description is HTML, sanitised like the content pages' on the server.
 */
export const ProductInputSchema = z
  .strictObject({
    title: z.string({ error: M.title }).trim().min(1, M.title).max(L.title, M.title),
    handle: HandleField,
    descriptionHtml: z
      .string({ error: M.description })
      .max(L.description, M.description)
      .default(""),
    metaDescription: z
      .string({ error: M.metaDescription })
      .trim()
      .max(L.metaDescription, M.metaDescription)
      .default(""),
    tags: z
      .array(ProductTagSchema, { error: M.tags })
      .max(L.tags, M.tags)
      .refine(
        (tags) => new Set(tags.map((t) => `${t.facet}\n${t.value}`)).size === tags.length,
        M.tags,
      )
      .default([]),
    collectionIds: z
      .array(z.uuid({ error: M.collections }), { error: M.collections })
      .max(L.collections, M.collections)
      .refine((ids) => new Set(ids).size === ids.length, M.collections)
      .default([]),
    published: z.boolean({ error: "published must be true or false" }).default(false),
    variants: z
      .array(VariantInputSchema, { error: M.variants })
      .min(1, M.variants)
      .max(L.variants, M.variants)
      .refine(
        (list) => new Set(list.map((v) => v.sku.toUpperCase())).size === list.length,
        M.skuTwice,
      ),
    plans: z
      .array(PlanInputSchema, { error: M.plans })
      .max(L.plans, M.plans)
      .refine((list) => new Set(list.map((p) => p.code)).size === list.length, M.plans)
      .default([]),
    /** A bundle's slots and choices; null for a product sold on its own. */
    bundle: BundleInputSchema.nullable().default(null),
  })
  .superRefine((product, ctx) => {
    if (product.bundle === null) return;
    if (product.variants.length !== 1) {
      ctx.addIssue({ code: "custom", path: ["variants"], message: M.bundleOneVariant });
    }
    if (product.plans.length > 0) {
      ctx.addIssue({ code: "custom", path: ["plans"], message: M.bundleNoPlans });
    }
  });
export type ProductInput = z.infer<typeof ProductInputSchema>;

export const AdminProductImageSchema = z.object({
  id: z.string(),
  url: z.string(),
  alt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type AdminProductImage = z.infer<typeof AdminProductImageSchema>;

/** POST /api/admin/products/{id}/images's query: the image's alt text (none: empty). */
export const AdminProductImageQuerySchema = z.strictObject({
  alt: z
    .string({ error: PRODUCT_EDIT_MESSAGES.alt })
    .trim()
    .max(PRODUCT_EDIT_LIMITS.alt, PRODUCT_EDIT_MESSAGES.alt)
    .default(""),
});

/** GET /api/admin/products/{id}: everything its editor shows. */
export const AdminProductDetailSchema = z.object({
  id: z.string(),
  title: z.string(),
  handle: z.string(),
  descriptionHtml: z.string(),
  metaDescription: z.string(),
  tags: z.array(ProductTagSchema),
  collectionIds: z.array(z.string()),
  published: z.boolean(),
  /** A bundle's slots and the SKUs its shopper chooses from; null for a product on its own. */
  bundle: z.object({ slots: z.number().int(), choices: z.array(z.string()) }).nullable(),
  variants: z.array(
    z.object({
      id: z.string(),
      sku: z.string(),
      attributes: z.record(z.string(), z.string()),
      prices: z.array(z.object({ currency: CurrencySchema, amount: z.number().int() })),
      stock: z.number().int(),
      requiresShipping: z.boolean(),
    }),
  ),
  plans: z.array(PlanInputSchema),
  images: z.array(AdminProductImageSchema),
});
export type AdminProductDetail = z.infer<typeof AdminProductDetailSchema>;

/** The image kinds an upload may be, by their media type, with the file extension kept. */
export const PRODUCT_IMAGE_TYPES = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
} as const;
