import { z } from "zod";
import { EmailSchema } from "./account-schema.ts";
import { CARD_MESSAGES, cardBrand, cvcValid, expiryValid, luhnValid } from "./card.ts";
import {
  COUNTRIES,
  type Country,
  isPostalCodeOf,
  isRegionOf,
  POSTAL_CODE_MESSAGES,
} from "./checkout.ts";
import { CurrencySchema } from "./money-schema.ts";

export const CHECKOUT_FIELD_MESSAGES = {
  name: "Enter your full name",
  nameTooLong: "Name must not exceed 100 characters",
  line1: "Enter your street address",
  city: "Enter your city",
  tooLong: "Must not exceed 200 characters",
  country: "Choose United States or Canada",
  region: "Choose a state or province",
  postalCode: "Enter a ZIP or postal code",
  shippingOption: "Choose a shipping option",
  expectedTotal: "expectedTotal must be the total shown, in minor units",
  usePoints: "usePoints must be true or false",
} as const;
const M = CHECKOUT_FIELD_MESSAGES;

export const CountrySchema = z.enum(COUNTRIES, { error: M.country });

/** Region and postal code are checked against the country. */
function checkRegionAndPostalCode(
  value: { country: Country; region: string; postalCode: string },
  ctx: z.RefinementCtx,
): void {
  if (!isRegionOf(value.country, value.region)) {
    ctx.addIssue({ code: "custom", path: ["region"], message: M.region });
  }
  if (!isPostalCodeOf(value.country, value.postalCode)) {
    ctx.addIssue({
      code: "custom",
      path: ["postalCode"],
      message: POSTAL_CODE_MESSAGES[value.country],
    });
  }
}

const TaxAddressShape = {
  country: CountrySchema,
  region: z.string({ error: M.region }).trim().toUpperCase().min(1, M.region).max(3, M.region),
  postalCode: z
    .string({ error: M.postalCode })
    .trim()
    .toUpperCase()
    .min(1, M.postalCode)
    .max(10, M.postalCode),
};

/**
 * The address an order is placed with: a shipping address, whose street and city are needed
 * only when something in the cart is shipped (shippingAddressErrors); otherwise the country,
 * region and postal code that tax needs.
 */
export const OrderAddressInputSchema = z
  .strictObject({
    line1: z.string().trim().max(200, M.tooLong).optional().default(""),
    line2: z.string().trim().max(200, M.tooLong).optional().default(""),
    city: z.string().trim().max(200, M.tooLong).optional().default(""),
    ...TaxAddressShape,
  })
  .superRefine(checkRegionAndPostalCode);

/**
 * What a shipping address still lacks, by field (`address.line1`, `address.city`); empty when
 * it has a street and a city.
 * @example shippingAddressErrors({ line1: "", city: "Austin" }) // { "address.line1": "Enter your street address" }
 */
export function shippingAddressErrors(address: {
  line1: string;
  city: string;
}): Record<string, string> {
  const errors: Record<string, string> = {};
  if (address.line1.trim() === "") errors["address.line1"] = M.line1;
  if (address.city.trim() === "") errors["address.city"] = M.city;
  return errors;
}

/** A shipping address: the order's address with the street and city it then needs. */
export const AddressSchema = OrderAddressInputSchema.superRefine((address, ctx) => {
  for (const [key, message] of Object.entries(shippingAddressErrors(address))) {
    ctx.addIssue({ code: "custom", path: [key.slice("address.".length)], message });
  }
});
export type Address = z.infer<typeof AddressSchema>;

/** POST /api/checkout/quote: what shipping and tax an address would cost; all optional. */
export const CheckoutQuoteSchema = z.strictObject({
  address: z.strictObject(TaxAddressShape).superRefine(checkRegionAndPostalCode).optional(),
  shippingOptionId: z.string().trim().max(40).optional(),
  usePoints: z.boolean({ error: M.usePoints }).optional(),
});
export type CheckoutQuoteRequest = z.infer<typeof CheckoutQuoteSchema>;

/** Card details for the built-in test processor; with Stripe they never reach the server. */
export const TestCardSchema = z
  .strictObject({
    number: z.string({ error: CARD_MESSAGES.number }).max(30, CARD_MESSAGES.number),
    expMonth: z.number({ error: CARD_MESSAGES.expiry }).int(CARD_MESSAGES.expiry),
    expYear: z.number({ error: CARD_MESSAGES.expiry }).int(CARD_MESSAGES.expiry),
    cvc: z.string({ error: CARD_MESSAGES.cvc }).trim().max(4, CARD_MESSAGES.cvc),
  })
  .superRefine((card, ctx) => {
    if (!luhnValid(card.number)) {
      ctx.addIssue({ code: "custom", path: ["number"], message: CARD_MESSAGES.number });
    }
    if (!expiryValid(card.expMonth, card.expYear, new Date())) {
      ctx.addIssue({ code: "custom", path: ["expMonth"], message: CARD_MESSAGES.expiry });
    }
    if (!cvcValid(card.cvc, cardBrand(card.number))) {
      ctx.addIssue({ code: "custom", path: ["cvc"], message: CARD_MESSAGES.cvc });
    }
  });
export type TestCard = z.infer<typeof TestCardSchema>;

/**
 * POST /api/checkout (with an Idempotency-Key header): place the order for the visitor's cart.
 * `expectedTotal` is the total the shopper was shown; when the server's differs, nothing is
 * charged. `card` is for the test processor only.
 */
export const PlaceOrderSchema = z.strictObject({
  email: EmailSchema,
  name: z.string({ error: M.name }).trim().min(1, M.name).max(100, M.nameTooLong),
  address: OrderAddressInputSchema,
  /** Required when something in the cart is shipped; absent when nothing is. */
  shippingOptionId: z
    .string({ error: M.shippingOption })
    .trim()
    .min(1, M.shippingOption)
    .max(40)
    .optional(),
  expectedTotal: z.number({ error: M.expectedTotal }).int(M.expectedTotal).min(0),
  /** Spend the signed-in buyer's loyalty points on the goods (pointsRedemption). */
  usePoints: z.boolean({ error: M.usePoints }).optional(),
  card: TestCardSchema.optional(),
});
export type PlaceOrderRequest = z.infer<typeof PlaceOrderSchema>;

/** The Idempotency-Key header: one per attempt to pay; a retry of the same attempt repeats it. */
export const IdempotencyKeySchema = z
  .string({ error: "The Idempotency-Key header is required" })
  .regex(/^[A-Za-z0-9_-]{16,100}$/, "Idempotency-Key must be 16 to 100 letters, digits, - or _");

/** One shipping option of a checkout, in the order's currency. */
export const ShippingOptionSchema = z.object({
  id: z.string(),
  label: z.string(),
  /** Minor units of the currency of the country it ships to. */
  amount: z.number().int(),
  /** Delivery estimate shown beside the option, e.g. "3–5 business days". */
  estimate: z.string(),
  /** True when the order's subtotal qualifies it for free shipping (amount is then 0). */
  free: z.boolean(),
});
export type ShippingOption = z.infer<typeof ShippingOptionSchema>;

/** One named tax of an order or a quote. */
export const TaxLineSchema = z.object({
  name: z.string(),
  /** Thousandths of a percent (TAX_RATE_SCALE). */
  rate: z.number().int(),
  amount: z.number().int(),
});
export type TaxLine = z.infer<typeof TaxLineSchema>;

/** The totals of an order (checkoutTotals), shown by the checkout page and charged by the server. */
export const CheckoutTotalsSchema = z.object({
  currency: CurrencySchema,
  subtotal: z.number().int(),
  discountAmount: z.number().int(),
  /** The loyalty points spent and what they take off (0 unless the buyer uses them). */
  pointsUsed: z.number().int(),
  pointsDiscount: z.number().int(),
  shippingOptions: z.array(ShippingOptionSchema),
  selectedShippingOption: ShippingOptionSchema.nullable(),
  shipping: z.number().int(),
  isFreeShipping: z.boolean(),
  taxLines: z.array(TaxLineSchema),
  taxAmount: z.number().int(),
  /** False until the address allows shipping and tax; `total` then leaves both out. */
  canCalculateTax: z.boolean(),
  /** False when nothing in the cart is shipped: no option, no charge, no street address. */
  requiresShipping: z.boolean(),
  total: z.number().int(),
});
export type CheckoutTotals = z.infer<typeof CheckoutTotalsSchema>;

/** The answer of POST /api/checkout/quote: the cart's totals shipped to an address. */
export const CheckoutQuoteViewSchema = z.object({
  // The totals' fields with the cart's own beside them, in the order the answer has always had.
  currency: CheckoutTotalsSchema.shape.currency,
  itemCount: z.number().int(),
  subtotal: CheckoutTotalsSchema.shape.subtotal,
  discountAmount: CheckoutTotalsSchema.shape.discountAmount,
  discountCode: z.string().nullable(),
  discountPercentage: z.number().int().nullable(),
  pointsUsed: CheckoutTotalsSchema.shape.pointsUsed,
  pointsDiscount: CheckoutTotalsSchema.shape.pointsDiscount,
  shippingOptions: CheckoutTotalsSchema.shape.shippingOptions,
  selectedShippingOption: CheckoutTotalsSchema.shape.selectedShippingOption,
  shipping: CheckoutTotalsSchema.shape.shipping,
  isFreeShipping: CheckoutTotalsSchema.shape.isFreeShipping,
  taxLines: CheckoutTotalsSchema.shape.taxLines,
  taxAmount: CheckoutTotalsSchema.shape.taxAmount,
  canCalculateTax: CheckoutTotalsSchema.shape.canCalculateTax,
  requiresShipping: CheckoutTotalsSchema.shape.requiresShipping,
  total: CheckoutTotalsSchema.shape.total,
  /**
   * Why the order cannot be placed as it is (a trade order below the store's minimum, a personal
   * code on trade prices), said before the shopper pays; null when it can.
   */
  orderNotice: z.string().nullable(),
});
export type CheckoutQuote = z.infer<typeof CheckoutQuoteViewSchema>;
