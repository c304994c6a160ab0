import { z } from "zod";
import { MAX_CART_LINES, POPUP_MAX_QUANTITY } from "./cart.ts";
import { CurrencySchema } from "./money-schema.ts";

const SkuSchema = z
  .string({ error: "sku is required" })
  .trim()
  .min(1, "sku is required")
  .max(64, "sku must not exceed 64 characters");

const QuantitySchema = z
  .number({ error: "Quantity must be a number" })
  .int("Quantity must be a whole number")
  .min(1, "Quantity must be at least 1")
  .max(POPUP_MAX_QUANTITY, `Quantity must not exceed ${POPUP_MAX_QUANTITY}`);

/** POST /api/cart/items: one variant and how many (the popup allows 1 to 99). */
export const AddCartItemSchema = z.strictObject({ sku: SkuSchema, quantity: QuantitySchema });
export type AddCartItem = z.infer<typeof AddCartItemSchema>;

/** PATCH /api/cart/items/{sku}. */
export const UpdateCartItemSchema = z.strictObject({ quantity: QuantitySchema });

/** POST metrics/cart-items: the whole cart as the browser holds it; prices are not trusted. */
export const SyncCartSchema = z.strictObject({
  cartItems: z
    .array(z.object({ sku: SkuSchema, quantity: QuantitySchema }).loose(), {
      error: "cartItems must be a list",
    })
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
