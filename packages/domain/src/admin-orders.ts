import { z } from "zod";
import { type Currency, formatMoney } from "./money.ts";
import { CurrencySchema } from "./money-schema.ts";
import { ORDER_STATUSES, type OrderStatus } from "./order.ts";
import { OrderStatusSchema, OrderViewSchema } from "./order-schema.ts";

/** How the store's admins list orders (GET /api/admin/orders). */
export const ADMIN_ORDER_LIMITS = {
  perPage: 25,
  maxPerPage: 100,
  /** The longest search, in characters (an email address fits). */
  query: 254,
  /** The most rows one CSV export holds; a larger export is asked for by date range. */
  csvRows: 10_000,
} as const;

/** The columns an admin may sort the orders by. */
export const ADMIN_ORDER_SORTS = ["created", "number", "total", "status", "email"] as const;
export type AdminOrderSort = (typeof ADMIN_ORDER_SORTS)[number];

export const ADMIN_ORDER_MESSAGES = {
  status: `status must be one of ${ORDER_STATUSES.join(", ")}`,
  date: "Dates must be written YYYY-MM-DD",
  dateOrder: "The end date must not be before the start date",
  query: `Searches are limited to ${ADMIN_ORDER_LIMITS.query} characters.`,
  sort: `sort must be one of ${ADMIN_ORDER_SORTS.join(", ")}`,
  dir: "dir must be asc or desc",
  page: "page must be a whole number from 1",
  perPage: `perPage must be a whole number from 1 to ${ADMIN_ORDER_LIMITS.maxPerPage}`,
} as const;

/** What an admin sees of each status, in the list and its filter. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_payment: "Awaiting payment",
  paid: "Paid",
  declined: "Declined",
  expired: "Expired",
  canceled: "Canceled",
};

/** Whether a YYYY-MM-DD string names a day of the calendar (not 2025-02-30). */
export function isCalendarDay(d: string): boolean {
  // Years 1900 to 2999: the database's timestamps and the day after stay in range.
  if (!/^(?:19|2\d)\d{2}-\d{2}-\d{2}$/.test(d)) return false;
  const at = new Date(`${d}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(d);
}

const day = z
  .string({ error: ADMIN_ORDER_MESSAGES.date })
  .refine(isCalendarDay, ADMIN_ORDER_MESSAGES.date);

/**
 * GET /api/admin/orders's query: filters (status, placed from/to, inclusive, in UTC days), a
 * search (an order number, with or without "#", or part of the buyer's email or name), a sort and
 * a page. An empty parameter is no filter, as a form sends it.
 */
export const AdminOrderQuerySchema = z
  .strictObject({
    status: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z.enum(ORDER_STATUSES, { error: ADMIN_ORDER_MESSAGES.status }).optional(),
    ),
    from: z.preprocess((v) => (v === "" ? undefined : v), day.optional()),
    to: z.preprocess((v) => (v === "" ? undefined : v), day.optional()),
    q: z
      .string()
      .trim()
      .max(ADMIN_ORDER_LIMITS.query, ADMIN_ORDER_MESSAGES.query)
      .optional()
      .transform((q) => (q === "" ? undefined : q)),
    sort: z.enum(ADMIN_ORDER_SORTS, { error: ADMIN_ORDER_MESSAGES.sort }).default("created"),
    dir: z.enum(["asc", "desc"], { error: ADMIN_ORDER_MESSAGES.dir }).default("desc"),
    page: z.coerce
      .number({ error: ADMIN_ORDER_MESSAGES.page })
      .int(ADMIN_ORDER_MESSAGES.page)
      .min(1, ADMIN_ORDER_MESSAGES.page)
      .max(1_000_000, ADMIN_ORDER_MESSAGES.page)
      .default(1),
    perPage: z.coerce
      .number({ error: ADMIN_ORDER_MESSAGES.perPage })
      .int(ADMIN_ORDER_MESSAGES.perPage)
      .min(1, ADMIN_ORDER_MESSAGES.perPage)
      .max(ADMIN_ORDER_LIMITS.maxPerPage, ADMIN_ORDER_MESSAGES.perPage)
      .default(ADMIN_ORDER_LIMITS.perPage),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: ADMIN_ORDER_MESSAGES.dateOrder,
    path: ["to"],
  });
export type AdminOrderQuery = z.infer<typeof AdminOrderQuerySchema>;

/** The order number a search names ("1042" or "#1042"), else null (then it is a text search). */
export function orderNumberOf(q: string): number | null {
  const match = /^#?\s*(\d{1,9})$/.exec(q.trim());
  return match ? Number(match[1]) : null;
}

/** One row of the admin's order list. */
export const AdminOrderSummarySchema = z.object({
  number: z.number().int(),
  createdAt: z.string(),
  email: z.string(),
  name: z.string(),
  status: OrderStatusSchema,
  currency: CurrencySchema,
  total: z.number().int(),
  /** Given back so far by refunds, in minor units. */
  refundedAmount: z.number().int(),
  itemCount: z.number().int(),
});
export type AdminOrderSummary = z.infer<typeof AdminOrderSummarySchema>;

/** GET /api/admin/orders: one page of the orders that match, and how many match in all. */
export const AdminOrderListSchema = z.object({
  orders: z.array(AdminOrderSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
});
export type AdminOrderList = z.infer<typeof AdminOrderListSchema>;

/** What happened to an order, oldest first, from what the store recorded of it. */
export const AdminOrderEventSchema = z.object({
  at: z.string(),
  kind: z.enum([
    "placed",
    "paid",
    "declined",
    "expired",
    "canceled",
    "refunded",
    "refund_failed",
    "refund_pending",
    "shipped",
  ]),
  detail: z.string().nullable(),
});
export type AdminOrderEvent = z.infer<typeof AdminOrderEventSchema>;

/** GET /api/admin/orders/{number}: the order as its buyer reads it, and what only staff see. */
export const AdminOrderViewSchema = OrderViewSchema.extend({
  customer: z.enum(["account", "guest"]),
  paymentReference: z.string().nullable(),
  renewal: z.boolean(),
  tradePrices: z.boolean(),
  /** Given back so far (refunds that went through), in minor units. */
  refundedAmount: z.number().int(),
  /** What a refund may still give back: the total less what was refunded or is being refunded. */
  refundable: z.number().int(),
  /** A refund already put the items back in stock. */
  restocked: z.boolean(),
  events: z.array(AdminOrderEventSchema),
});
export type AdminOrderView = z.infer<typeof AdminOrderViewSchema>;

/** The CSV export's header row; each order is one row of these. */
export const ADMIN_ORDER_CSV_COLUMNS = [
  "number",
  "created_at",
  "status",
  "email",
  "name",
  "currency",
  "subtotal",
  "discount",
  "shipping",
  "tax",
  "total",
  "refunded",
  "items",
  "paid_at",
] as const;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; a field that a
 * spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) gets a leading
 * apostrophe, so an email or name typed by a shopper can never run in the admin's spreadsheet.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const REFUND_LIMITS = { reason: 500 } as const;

export const REFUND_MESSAGES = {
  amount: "Enter the amount to refund, more than zero, in cents",
  /** The admin's form, where the amount is typed in dollars: "12.50". */
  amountTyped: "Enter an amount more than zero, like 12.50",
  reason: `The reason is limited to ${REFUND_LIMITS.reason} characters.`,
  notPaid: "Only a paid order can be refunded.",
  tooMuch: (left: number, currency: Currency) =>
    left === 0
      ? "This order has been refunded in full."
      : `The most that can be refunded is ${formatMoney(left, currency)}.`,
  alreadyRestocked: "This order's items were already put back in stock.",
  keyReused: "This Idempotency-Key was used for another refund.",
  failed: "The payment processor refused the refund. Nothing was refunded.",
  pending:
    "The payment processor did not answer. The refund is kept as pending: send it again to finish it (it will not be paid twice).",
  keyRequired: "An Idempotency-Key header (8 to 200 characters) is required.",
} as const;

/** POST /api/admin/orders/{number}/refunds: how much (minor units), whether to restock, why. */
export const RefundRequestSchema = z.strictObject({
  amount: z
    .number({ error: REFUND_MESSAGES.amount })
    .int(REFUND_MESSAGES.amount)
    .min(1, REFUND_MESSAGES.amount)
    .max(100_000_000, REFUND_MESSAGES.amount),
  restock: z.boolean({ error: "restock must be true or false" }).default(false),
  reason: z.string().trim().max(REFUND_LIMITS.reason, REFUND_MESSAGES.reason).default(""),
});
export type RefundRequest = z.infer<typeof RefundRequestSchema>;

/**
 * An amount typed in major units ("12", "12.5", "12.50", "$1,234.00") as minor units; null when
 * it is not one (more than two decimals, letters, nothing).
 */
export function minorUnitsOf(text: string): number | null {
  const match = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const whole = Number((match[1] ?? "").replaceAll(",", ""));
  const cents = Number((match[2] ?? "").padEnd(2, "0"));
  const minor = whole * 100 + cents;
  return Number.isSafeInteger(minor) ? minor : null;
}

export const SHIPMENT_MESSAGES = {
  carrier: "Enter the carrier (up to 60 characters), for example USPS",
  trackingNumber:
    "Enter the tracking number: 4 to 60 letters, digits, spaces or dashes, starting with a letter or digit",
  notPaid: "Only a paid order can be marked as shipped.",
  nothingShipped: "Nothing in this order is shipped.",
  cancelNotUnpaid: "Only an order still awaiting payment can be canceled.",
  canceledByStore: "Canceled by the store.",
} as const;

/** POST /api/admin/orders/{number}/shipment: who carries it and its tracking number. */
export const ShipmentRequestSchema = z.strictObject({
  carrier: z
    .string({ error: SHIPMENT_MESSAGES.carrier })
    .trim()
    .min(1, SHIPMENT_MESSAGES.carrier)
    .max(60, SHIPMENT_MESSAGES.carrier),
  trackingNumber: z
    .string({ error: SHIPMENT_MESSAGES.trackingNumber })
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{3,59}$/, SHIPMENT_MESSAGES.trackingNumber),
});
export type ShipmentRequest = z.infer<typeof ShipmentRequestSchema>;
