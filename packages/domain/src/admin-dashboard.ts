import { z } from "zod";
import { isCalendarDay } from "./admin-orders.ts";
import { CurrencySchema } from "./money-schema.ts";

/** The dashboard's ranges: whole UTC days, at most a year and a day. */
export const DASHBOARD_LIMITS = { defaultDays: 30, maxDays: 366, topRows: 10 } as const;

export const DASHBOARD_MESSAGES = {
  date: "Dates must be written YYYY-MM-DD",
  order: "The end date must not be before the start date",
  tooLong: `A range may span at most ${DASHBOARD_LIMITS.maxDays} days`,
} as const;

const day = z
  .string({ error: DASHBOARD_MESSAGES.date })
  .refine(isCalendarDay, DASHBOARD_MESSAGES.date);

/** The day `days` days before `to` (YYYY-MM-DD), counting `to` itself as one. */
export function dayBefore(to: string, days: number): string {
  const at = new Date(`${to}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() - (days - 1));
  return at.toISOString().slice(0, 10);
}

/** Today in UTC, YYYY-MM-DD. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * What is wrong with a range of days (YYYY-MM-DD, inclusive), if anything: its end before its
 * start, or longer than DASHBOARD_LIMITS.maxDays, with the field to blame.
 */
export function dashboardRangeProblem(
  from: string,
  to: string,
): { field: "from" | "to"; message: string } | null {
  if (from > to) return { field: "to", message: DASHBOARD_MESSAGES.order };
  const span = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
  if (span > DASHBOARD_LIMITS.maxDays)
    return { field: "from", message: DASHBOARD_MESSAGES.tooLong };
  return null;
}

/**
 * GET /api/admin/dashboard's query: an inclusive range of UTC days (default the last 30, ending
 * today). An empty parameter is the default, as a form sends it.
 */
export const DashboardQuerySchema = z
  .strictObject({
    from: z.preprocess((v) => (v === "" ? undefined : v), day.optional()),
    to: z.preprocess((v) => (v === "" ? undefined : v), day.optional()),
  })
  .superRefine((q, ctx) => {
    const problem = q.from && q.to ? dashboardRangeProblem(q.from, q.to) : null;
    if (problem) ctx.addIssue({ code: "custom", message: problem.message, path: [problem.field] });
  });
export type DashboardQuery = z.infer<typeof DashboardQuerySchema>;

const int = z.number().int();

/** One currency's sales: per day, in all, and what refunds and recovered carts made of them. */
export const CurrencySalesSchema = z.object({
  currency: CurrencySchema,
  /** Every day of the range, oldest first, 0 where nothing was paid. */
  days: z.array(z.object({ day: z.string(), orders: int, revenue: int })),
  orders: int,
  /** Paid orders' totals, minor units, before refunds. */
  revenue: int,
  refunded: int,
  /** revenue / orders, rounded; 0 without orders. */
  averageOrderValue: int,
  recoveredOrders: int,
  recoveredRevenue: int,
});
export type CurrencySales = z.infer<typeof CurrencySalesSchema>;

export const DashboardSchema = z.object({
  from: z.string(),
  to: z.string(),
  sales: z.array(CurrencySalesSchema),
  /** Visits that began in the range, and how far they went. */
  funnel: z.object({
    sessions: int,
    productViews: int,
    addedToCart: int,
    /** Orders placed (checkout submitted), paid or not. */
    checkout: int,
    paid: int,
  }),
  abandonedCarts: int,
  topProducts: z.array(
    z.object({
      title: z.string(),
      sku: z.string(),
      units: int,
      currency: CurrencySchema,
      revenue: int,
    }),
  ),
  topSearches: z.array(z.object({ query: z.string(), searches: int })),
  searchesWithoutResults: z.array(z.object({ query: z.string(), searches: int })),
  /** Buyers (by email) of paid orders in the range: first paid order in it, or bought before. */
  customers: z.object({ new: int, returning: int, newOrders: int, returningOrders: int }),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
