import { z } from "zod";
import { BUNDLE_MAX_SLOTS, BUNDLE_MESSAGES } from "./bundle.ts";
import { CART_STATUSES, MAX_CART_LINES, POPUP_MAX_QUANTITY } from "./cart.ts";
import { HandleSchema } from "./catalog-schema.ts";
import { CurrencySchema } from "./money-schema.ts";
import { CartLineSubscriptionSchema } from "./subscription-schema.ts";

const SkuSchema = z
  .string({ error: "sku is required" })
  .trim()
  .min(1, "sku is required")
  .max(64, "sku must not exceed 64 characters")
  // A bundle line is named by its skus joined with commas (?skus_selected=A,B).
  .refine((sku) => !sku.includes(","), "sku must not contain a comma");

const QuantitySchema = z
  .number({ error: "Quantity must be a number" })
  .int("Quantity must be a whole number")
  .min(1, "Quantity must be at least 1")
  .max(POPUP_MAX_QUANTITY, `Quantity must not exceed ${POPUP_MAX_QUANTITY}`);

/** A plan's code ("monthly"), as the product answers it in `subscription_plans`. */
const SubscriptionIdSchema = z
  .string({ error: "subscription_id must be a plan's code" })
  .trim()
  .min(1, "subscription_id must be a plan's code")
  .max(64, "subscription_id must not exceed 64 characters");

/** A bundle's id: its product's handle. */
const BundleIdSchema = z
  .string({ error: "bundle_id must be a bundle's handle" })
  .pipe(HandleSchema);

/** The variants chosen for a bundle's slots, one sku per slot (a sku may fill several). */
const SkusSelectedSchema = z
  .array(SkuSchema, { error: "skus_selected must be a list of skus" })
  .min(1, "skus_selected must name at least one sku")
  .max(BUNDLE_MAX_SLOTS, `skus_selected must not name more than ${BUNDLE_MAX_SLOTS} skus`);

/** Exactly one of a plain sku or a bundle (bundle_id with skus_selected). */
function oneKindOfLine(
  line: { sku?: string | undefined; bundle_id?: string | undefined; skus_selected?: unknown },
  ctx: z.RefinementCtx,
): void {
  if (line.skus_selected !== undefined && line.bundle_id === undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["bundle_id"],
      message: BUNDLE_MESSAGES.bundleIdRequired,
    });
  } else if (line.sku === undefined && line.bundle_id === undefined) {
    ctx.addIssue({ code: "custom", path: ["sku"], message: "sku is required" });
  } else if (line.sku !== undefined && line.bundle_id !== undefined) {
    ctx.addIssue({ code: "custom", path: ["sku"], message: BUNDLE_MESSAGES.skuOrBundle });
  } else if (line.bundle_id !== undefined && line.skus_selected === undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["skus_selected"],
      message: BUNDLE_MESSAGES.skuOrBundle,
    });
  }
}

/**
 * POST /api/cart/items: one variant and how many (the popup allows 1 to 99); with
 * `subscription_id`, a subscription line on that plan, else a one-time purchase. Or a bundle:
 * `bundle_id` (its handle) and `skus_selected`, one sku per slot, in any order.
 */
export const AddCartItemSchema = z
  .strictObject({
    sku: SkuSchema.optional(),
    quantity: QuantitySchema,
    subscription_id: SubscriptionIdSchema.optional(),
    bundle_id: BundleIdSchema.optional(),
    skus_selected: SkusSelectedSchema.optional(),
  })
  .superRefine((line, ctx) => {
    oneKindOfLine(line, ctx);
    if (line.bundle_id !== undefined && line.subscription_id !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["subscription_id"],
        message: BUNDLE_MESSAGES.noSubscription,
      });
    }
  });
export type AddCartItem = z.infer<typeof AddCartItemSchema>;

/** The path of a line (PATCH and DELETE /api/cart/items/{sku}): its sku, a bundle's own sku. */
export const CartLineParamsSchema = z.object({ sku: SkuSchema });

/** PATCH /api/cart/items/{sku}. */
export const UpdateCartItemSchema = z.strictObject({ quantity: QuantitySchema });

/**
 * ?subscription_id= or ?skus_selected= of PATCH and DELETE /api/cart/items/{sku}: absent names the
 * plain line; skus_selected (comma-separated, any order) names a bundle line of the bundle whose
 * own sku is {sku}.
 */
export const CartLineQuerySchema = z.strictObject({
  subscription_id: SubscriptionIdSchema.optional(),
  skus_selected: z
    .string()
    .max(BUNDLE_MAX_SLOTS * 65, "skus_selected is too long")
    .transform((list) => list.split(",").map((sku) => sku.trim()))
    .pipe(SkusSelectedSchema)
    .optional(),
});

/** POST metrics/cart-items: the whole cart as the browser holds it; prices are not trusted. */
export const SyncCartSchema = z.strictObject({
  cartItems: z
    .array(
      z
        .object({
          sku: SkuSchema,
          quantity: QuantitySchema,
          // The spec's cart item carries its plan as { subscription_id, subscription_price };
          // only the id is read, the price comes from the store.
          subscription: z.object({ subscription_id: SubscriptionIdSchema }).loose().nullish(),
          bundle_id: BundleIdSchema.nullish(),
          skus_selected: SkusSelectedSchema.nullish(),
        })
        .loose()
        .superRefine((line, ctx) => {
          if (line.bundle_id != null && line.skus_selected == null) {
            ctx.addIssue({
              code: "custom",
              path: ["skus_selected"],
              message: BUNDLE_MESSAGES.skuOrBundle,
            });
          }
        }),
      { error: "cartItems must be a list" },
    )
    .max(MAX_CART_LINES, "Cart is full. Maximum 19 different items allowed."),
});

/** PUT /api/cart/discount. Codes are case-insensitive. */
export const ApplyDiscountSchema = z.strictObject({
  code: z
    .string({ error: "Enter a discount code" })
    .trim()
    .min(1, "Enter a discount code")
    .max(64, "Discount code must not exceed 64 characters"),
});

/** PUT /api/cart/currency. */
export const SetCurrencySchema = z.strictObject({ currency: CurrencySchema });

/** One variant in a bundle, and how many of it one bundle holds. */
export const BundleContentSchema = z.object({
  sku: z.string(),
  title: z.string(),
  attributes: z.record(z.string(), z.string()),
  quantity: z.number().int(),
});

/** One line of the cart as the API answers it; amounts in minor units of the cart's currency. */
export const CartViewLineSchema = z.object({
  sku: z.string(),
  quantity: z.number().int(),
  product_price: z.number().int(),
  line_total: z.number().int(),
  handle: z.string(),
  title: z.string(),
  image_url: z.string().nullable(),
  attributes: z.record(z.string(), z.string()),
  total_stock: z.number().int(),
  /** False for what is never shipped (a digital plan, a service): one per cart, no stock shown. */
  requires_shipping: z.boolean(),
  /** The line's plan, priced in the cart's currency; null for a one-time purchase. */
  subscription: CartLineSubscriptionSchema.nullable(),
  /** A bundle line's bundle (its handle); null for a plain line, whose sku is a variant's. */
  bundle_id: z.string().nullable(),
  /** A bundle line's chosen skus, one per slot, in the order that names the line; else null. */
  skus_selected: z.array(z.string()).nullable(),
  /** What one of the bundle holds; null for a plain line. */
  contents: z.array(BundleContentSchema).nullable(),
});

/** The cart as the API answers it (GET /api/cart and every cart and discount write). */
export const CartViewSchema = z.object({
  currency: CurrencySchema,
  cartItems: z.array(CartViewLineSchema),
  activeDiscount: z
    .object({
      code: z.string(),
      discount_percentage: z.number().int().nullable(),
      discount_amount: z.number().int().nullable(),
      max_redeemable_amount: z.number().int().nullable(),
      max_redemptions: z.number().int(),
    })
    .nullable(),
  subtotal: z.number().int(),
  discount: z.number().int(),
  totalCost: z.number().int(),
  /**
   * What is left to spend for free shipping to the currency's country; null when the store
   * never ships free there or nothing is shipped.
   */
  freeShippingRemaining: z.number().int().nullable(),
  /** The store's free-shipping threshold for the currency's country; null without one. */
  freeShippingThreshold: z.number().int().nullable(),
  itemCount: z.number().int(),
  status: z.enum(CART_STATUSES),
});
export type CartView = z.infer<typeof CartViewSchema>;
