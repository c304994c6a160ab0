import { z } from "zod";
import { EMAIL_PATTERN } from "./account-schema.ts";
import { CurrencySchema } from "./money-schema.ts";
import {
  TRADE_LABELS as L,
  TRADE_LIMITS as LIMIT,
  TRADE_MESSAGES as M,
  TRADE_REQUIRED,
  TRADE_STATUSES,
  type TradeField,
} from "./trade.ts";

/** Text, trimmed and capped; a required field must not be empty. */
function field(name: TradeField) {
  const label = L[name];
  const text = z
    .string({
      error: (issue) => (issue.input === undefined ? M.required(label) : `${label} must be text`),
    })
    .trim()
    .max(LIMIT[name], { message: M.tooLong(label, LIMIT[name]), abort: true });
  return TRADE_REQUIRED.includes(name)
    ? text.min(1, { message: M.required(label), abort: true })
    : text.optional().default("");
}

/** POST /api/wholesale-applications: what the form on the trade partner page sends. */
export const TradeApplicationSchema = z.strictObject({
  businessName: field("businessName"),
  contactName: field("contactName"),
  email: field("email").pipe(z.string().regex(EMAIL_PATTERN, M.emailInvalid)),
  phone: field("phone").pipe(z.string().regex(/^(?:[+\d][\d\s()+-]{5,})?$/, M.phoneInvalid)),
  taxId: field("taxId"),
  website: field("website").pipe(
    z.string().regex(/^(?:(?:https?:\/\/)?[^\s/.]+(?:\.[^\s/.]+)+(?:\/\S*)?)?$/i, M.websiteInvalid),
  ),
  storeAddress: field("storeAddress"),
  message: field("message"),
});
export type TradeApplicationInput = z.input<typeof TradeApplicationSchema>;
export type TradeApplication = z.output<typeof TradeApplicationSchema>;

/** An application as the store keeps it. */
export const StoredTradeApplicationSchema = z.object({
  id: z.string(),
  status: z.enum(TRADE_STATUSES),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  application: z.object({
    businessName: z.string(),
    contactName: z.string(),
    email: z.string(),
    phone: z.string(),
    taxId: z.string(),
    website: z.string(),
    storeAddress: z.string(),
    message: z.string(),
  }),
});
export type StoredTradeApplication = z.infer<typeof StoredTradeApplicationSchema>;

export const TradeApplicationListSchema = z.object({
  applications: z.array(StoredTradeApplicationSchema),
});

/** POST /api/admin/wholesale-applications/{id}/approve: the account it made or upgraded. */
export const TradeApprovalSchema = z.object({
  application: StoredTradeApplicationSchema,
  account: z.object({
    email: z.string(),
    userType: z.literal("wholesale"),
    /** Whether the account was made for the application (else an existing one was upgraded). */
    created: z.boolean(),
    /** Its resale certificate on file (its trade orders are then tax-exempt), else null. */
    resaleCertificate: z.string().nullable(),
  }),
});

/**
 * POST /api/admin/wholesale-applications/{id}/approve: optionally, the resale certificate the
 * store checked (its number), kept on the account so its trade orders are tax-exempt.
 */
export const TradeApprovalRequestSchema = z
  .strictObject({
    resaleCertificate: z
      .string({ error: "Resale certificate must be text" })
      .trim()
      .min(1, { message: "Resale certificate must not be empty", abort: true })
      .max(LIMIT.taxId, { message: M.tooLong("Resale certificate", LIMIT.taxId) })
      .optional(),
  })
  .optional();
export type TradeApproval = z.infer<typeof TradeApprovalSchema>;

/** A store's trade terms as stored and as its seed writes them (TradeTerms). */
export const TradeTermsSchema = z.strictObject({
  percentOff: z.number().int().min(0).max(90),
  minimumOrder: z.partialRecord(CurrencySchema, z.number().int().min(0)),
});
