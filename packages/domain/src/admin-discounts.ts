import { z } from "zod";
import { CURRENCIES, type Currency } from "./money.ts";
import { CurrencySchema } from "./money-schema.ts";
import { OrderStatusSchema } from "./order-schema.ts";

/** How the store's admins list and write discount codes (/api/admin/discounts). */
export const ADMIN_DISCOUNT_LIMITS = {
  perPage: 25,
  /** The latest orders a code's page lists. */
  redemptionsShown: 50,
  query: 64,
  maxAmount: 100_000_000,
  // As high as an account's personal code, which has no limit of its own.
  maxRedemptions: 1_000_000_000,
} as const;

/** What a code is now, for the list's filter and badge. */
export const DISCOUNT_STATES = ["active", "expired", "used_up", "inactive"] as const;
export type DiscountState = (typeof DISCOUNT_STATES)[number];

export const DISCOUNT_STATE_LABELS: Record<DiscountState, string> = {
  active: "Active",
  expired: "Expired",
  used_up: "Used up",
  inactive: "Switched off",
};

export const ADMIN_DISCOUNT_MESSAGES = {
  code: "A code is 3 to 32 letters, digits, dashes or underscores, starting with a letter or digit",
  codeTaken: (code: string) => `The code ${code} already exists in this store`,
  codeIsPersonal: (code: string) => `${code} is an account's personal code`,
  percentage: "The percentage off is a whole number from 1 to 100",
  amount: "An amount is a whole number of cents, more than 0",
  oneKind: "Give either a percentage off or a fixed amount per currency, not both",
  noTerms: "Give a percentage off, or a fixed amount in at least one currency",
  capsNeedPercentage: "A cap applies only to a percentage off",
  maxRedemptions: `The redemption limit is a whole number from 1 to ${ADMIN_DISCOUNT_LIMITS.maxRedemptions.toLocaleString("en-US")}`,
  belowUsed: (used: number) =>
    `This code has been used ${used} ${used === 1 ? "time" : "times"}: the limit cannot be lower`,
  expiresAt: "The expiry must be a date and time with its zone, like 2026-12-31T23:59:00Z",
  expiresPast: "Choose an expiry in the future (to end the code now, use Expire now)",
  personalTerms:
    "A personal code's percentage is its account's: it can only be switched off or expired here",
  alreadyExpired: "This code has already expired",
  notFound: "Discount code not found",
  query: `Searches are limited to ${ADMIN_DISCOUNT_LIMITS.query} characters.`,
  state: `state must be one of ${DISCOUNT_STATES.join(", ")}`,
  page: "page must be a whole number from 1",
} as const;

const M = ADMIN_DISCOUNT_MESSAGES;

const amount = z
  .number({ error: M.amount })
  .int(M.amount)
  .min(1, M.amount)
  .max(ADMIN_DISCOUNT_LIMITS.maxAmount, M.amount);

/** Minor units per currency, each optional: { usd: 1000, cad: 1300 }. */
export const AmountsByCurrencySchema = z.strictObject(
  Object.fromEntries(CURRENCIES.map((c) => [c, amount.optional()])) as Record<
    Currency,
    z.ZodOptional<typeof amount>
  >,
);
export type AmountsByCurrencyInput = z.infer<typeof AmountsByCurrencySchema>;

const hasAny = (amounts: AmountsByCurrencyInput) =>
  Object.values(amounts).some((v) => v !== undefined);

/**
 * A code's terms as an admin writes them (PUT /api/admin/discounts/{id}, and the create's body
 * without its code): a percentage off (optionally capped per currency) or a fixed amount per
 * currency, a redemption limit, once per customer, public (the chatbot offers it), switched on,
 * and an optional expiry.
 */
const termsShape = {
  percentage: z
    .number({ error: M.percentage })
    .int(M.percentage)
    .min(1, M.percentage)
    .max(100, M.percentage)
    .nullable()
    .default(null),
  amounts: AmountsByCurrencySchema.default({}),
  caps: AmountsByCurrencySchema.default({}),
  maxRedemptions: z
    .number({ error: M.maxRedemptions })
    .int(M.maxRedemptions)
    .min(1, M.maxRedemptions)
    .max(ADMIN_DISCOUNT_LIMITS.maxRedemptions, M.maxRedemptions),
  oncePerCustomer: z.boolean({ error: "oncePerCustomer must be true or false" }).default(false),
  public: z.boolean({ error: "public must be true or false" }).default(false),
  active: z.boolean({ error: "active must be true or false" }).default(true),
  expiresAt: z.iso.datetime({ offset: true, error: M.expiresAt }).nullable().default(null),
};

type TermsInput = {
  percentage: number | null;
  amounts: AmountsByCurrencyInput;
  caps: AmountsByCurrencyInput;
};

function checkTerms(terms: TermsInput, ctx: z.RefinementCtx) {
  const fixed = hasAny(terms.amounts);
  if (terms.percentage !== null && fixed) {
    ctx.addIssue({ code: "custom", message: M.oneKind, path: ["amounts"] });
  } else if (terms.percentage === null && !fixed) {
    ctx.addIssue({ code: "custom", message: M.noTerms, path: ["percentage"] });
  }
  if (terms.percentage === null && hasAny(terms.caps)) {
    ctx.addIssue({ code: "custom", message: M.capsNeedPercentage, path: ["caps"] });
  }
}

export const DiscountTermsSchema = z.strictObject(termsShape).superRefine(checkTerms);
export type DiscountTerms = z.infer<typeof DiscountTermsSchema>;

/** POST /api/admin/discounts: a new code (stored case-insensitively) and its terms. */
export const DiscountCreateSchema = z
  .strictObject({
    code: z
      .string({ error: M.code })
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{2,31}$/, M.code),
    ...termsShape,
  })
  .superRefine(checkTerms);
export type DiscountCreate = z.infer<typeof DiscountCreateSchema>;

/** GET /api/admin/discounts's query: a search by code, a state, a page. */
export const AdminDiscountQuerySchema = z.strictObject({
  q: z
    .string()
    .trim()
    .max(ADMIN_DISCOUNT_LIMITS.query, M.query)
    .optional()
    .transform((q) => (q === "" ? undefined : q)),
  state: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(DISCOUNT_STATES, { error: M.state }).optional(),
  ),
  page: z.coerce
    .number({ error: M.page })
    .int(M.page)
    .min(1, M.page)
    .max(100_000, M.page)
    .default(1),
});
export type AdminDiscountQuery = z.infer<typeof AdminDiscountQuerySchema>;

const amountsOut = z.object({ usd: z.number().int().optional(), cad: z.number().int().optional() });

export const AdminDiscountSchema = z.object({
  id: z.string(),
  /** As shoppers type it, upper-case. */
  code: z.string(),
  percentage: z.number().int().nullable(),
  amounts: amountsOut,
  caps: amountsOut,
  maxRedemptions: z.number().int(),
  redemptions: z.number().int(),
  oncePerCustomer: z.boolean(),
  public: z.boolean(),
  active: z.boolean(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  state: z.enum(DISCOUNT_STATES),
  /** An account's personal code: that account's email. */
  personalOf: z.string().nullable(),
});
export type AdminDiscount = z.infer<typeof AdminDiscountSchema>;

export const AdminDiscountListSchema = z.object({
  discounts: z.array(AdminDiscountSchema),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
});
export type AdminDiscountList = z.infer<typeof AdminDiscountListSchema>;

/** One order placed with the code. */
export const DiscountRedemptionSchema = z.object({
  number: z.number().int(),
  createdAt: z.string(),
  email: z.string(),
  status: OrderStatusSchema,
  currency: CurrencySchema,
  discountAmount: z.number().int(),
  total: z.number().int(),
});
export type DiscountRedemption = z.infer<typeof DiscountRedemptionSchema>;

/** GET /api/admin/discounts/{id}: the code, its latest orders and its paid totals per currency. */
export const AdminDiscountViewSchema = z.object({
  discount: AdminDiscountSchema,
  orders: z.array(DiscountRedemptionSchema),
  /** Paid orders with the code, per currency: how many, what it took off, what they paid. */
  paid: z.array(
    z.object({
      currency: CurrencySchema,
      orders: z.number().int(),
      discounted: z.number().int(),
      revenue: z.number().int(),
    }),
  ),
});
export type AdminDiscountView = z.infer<typeof AdminDiscountViewSchema>;

/** What a code is now: switched off, past its expiry, used up, or active. */
export function discountStateOf(
  code: { active: boolean; expiresAt: Date | null; redemptions: number; maxRedemptions: number },
  now: Date,
): DiscountState {
  if (!code.active) return "inactive";
  if (code.expiresAt !== null && code.expiresAt.getTime() <= now.getTime()) return "expired";
  if (code.redemptions >= code.maxRedemptions) return "used_up";
  return "active";
}
