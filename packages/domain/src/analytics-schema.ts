import { z } from "zod";
import { EmailSchema } from "./account-schema.ts";
import { CART_EVENT_TYPES, ANALYTICS_LIMITS as L, RECOVERY_MESSAGES } from "./analytics.ts";
import { CART_STATUSES } from "./cart.ts";
import { CartViewLineSchema, SyncCartSchema } from "./cart-schema.ts";
import { CurrencySchema } from "./money-schema.ts";

/** A time as the browser writes it (toISOString), from 2000 to 2099. */
const IsoTime = z
  .string()
  .max(40)
  .regex(
    /^20\d\d-[01]\d-[0-3]\dT[0-2]\d:[0-5]\d:[0-5]\d(\.\d{1,6})?(Z|[+-][0-2]\d:[0-5]\d)$/,
    "must be an ISO 8601 time such as 2026-11-26T10:00:00.000Z",
  )
  .refine((value) => Number.isFinite(Date.parse(value)), "must be an ISO 8601 time");

/** No NUL and no half of a surrogate pair: the database refuses both in text and JSON. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding the NUL character is the point.
const STORABLE = /^(?:[^\u0000\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;
const text = (max: number, min = 0) =>
  z.string().min(min).max(max).regex(STORABLE, "must not hold a NUL or a broken character");
const Text = text(L.text);
const Seconds = z.number().min(0).max(L.seconds);

/** POST /metrics/initialize (spec): the store the page belongs to. */
export const InitializeSessionSchema = z.strictObject({
  store_id: z.string({ error: "store_id is required" }).min(1).max(100),
});

/** The answer of POST /metrics/initialize: the visit's analytics session. */
export const AnalyticsSessionSchema = z.object({
  session_id: z.string(),
  /** ISO 8601. */
  started_at: z.string(),
  /** False when the visit was already open (a reload, another page of the same visit). */
  created: z.boolean(),
});
export type AnalyticsSession = z.infer<typeof AnalyticsSessionSchema>;

/** POST /metrics/update-session-data (spec section 3's analytics state; a beacon). */
export const SessionDataSchema = z.strictObject({
  cartEvents: z
    .array(
      z.strictObject({
        type: z.enum(CART_EVENT_TYPES),
        sku: text(100).nullable(),
        quantity: z.number().int().min(0).max(99).nullable(),
        timestamp: IsoTime,
      }),
    )
    .max(L.cartEvents),
  productPageViews: z
    .array(z.strictObject({ handle: text(200, 1), timestamp: IsoTime }))
    .max(L.productPageViews),
  pagesViewed: z.number().int().min(0).max(100_000),
  viewedPages: z
    .array(
      z.strictObject({
        path: text(L.text, 1),
        timestamp: IsoTime,
        duration: Seconds,
      }),
    )
    .max(L.viewedPages),
  searchHistory: z
    .array(
      z.strictObject({
        query: text(200, 1),
        timestamp: IsoTime,
        duration: Seconds.nullable(),
        scrolledProducts: z.array(text(200)).max(L.searchProducts),
        clickedProducts: z.array(text(200)).max(L.searchProducts),
      }),
    )
    .max(L.searchHistory),
  userEmail: EmailSchema.regex(STORABLE, "must not hold a NUL or a broken character").nullable(),
  attribution: z
    .strictObject({
      source: Text.nullable(),
      medium: Text.nullable(),
      campaign: Text.nullable(),
      term: Text.nullable(),
      content: Text.nullable(),
      referrer: Text.nullable(),
      landingPage: Text,
    })
    .nullable(),
  cartStatus: z.enum(CART_STATUSES),
  totalViewTime: Seconds,
  sessionStartTime: IsoTime,
});
export type SessionData = z.infer<typeof SessionDataSchema>;

/**
 * POST /metrics/collect-data (spec): the address the browser was told it has, if it asked one.
 * It is checked but not believed: the server looks up the connection's own address.
 */
export const CollectDataSchema = z.strictObject({
  ipAddress: z
    .union([z.ipv4(), z.ipv6()], { error: "ipAddress must be an IPv4 or IPv6 address" })
    .optional(),
});

/** POST /metrics/abandoned-cart (spec, a beacon on page unload): the cart as the page had it. */
export const AbandonedCartBeaconSchema = SyncCartSchema;

/** The user geo data of spec section 3, as looked up for a visit's address. */
export const GeoDataSchema = z.object({
  ip: z.string(),
  country: z.string().nullable(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  loc: z.string().nullable(),
  timezone: z.string().nullable(),
});
export type GeoData = z.infer<typeof GeoDataSchema>;

const StoredSessionData = SessionDataSchema.shape;

/** One entry of the cart-abandonment report (spec section 3), built on the server. */
export const AbandonedCartReportSchema = z.object({
  storeId: z.string(),
  cartData: z.object({
    cartEvents: z.array(
      z.object({
        type: z.string(),
        sku: z.string().nullable(),
        quantity: z.number().int().nullable(),
        timestamp: z.string(),
      }),
    ),
    cartItems: z.array(CartViewLineSchema),
    /** The cart's currency and its lines' sum in it (minor units): not in the spec's report. */
    currency: CurrencySchema,
    subtotal: z.number().int(),
    cartStatus: z.enum(CART_STATUSES),
    /** Seconds from the visit's start to its last sign of life; 0 without a visit on record. */
    sessionDuration: z.number().int(),
    /** When the cart last changed (ISO 8601). */
    timestamp: z.string(),
  }),
  productPageViews: StoredSessionData.productPageViews,
  viewedPages: StoredSessionData.viewedPages,
  totalViewTime: z.number(),
  searchHistory: StoredSessionData.searchHistory,
  userEmail: z.string().nullable(),
  attribution: StoredSessionData.attribution,
  /** Where the visit came from, when it was looked up. */
  geo: GeoDataSchema.nullable(),
});
export type AbandonedCartReport = z.infer<typeof AbandonedCartReportSchema>;

/** GET /api/admin/abandoned-carts: a page of the report, newest first. */
export const AbandonedCartQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export const AbandonedCartPageSchema = z.object({
  carts: z.array(AbandonedCartReportSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AbandonedCartPage = z.infer<typeof AbandonedCartPageSchema>;

const LinkToken = z
  .string({ error: RECOVERY_MESSAGES.tokenRequired })
  .min(1, RECOVERY_MESSAGES.tokenRequired)
  .max(300, RECOVERY_MESSAGES.tokenRequired);

/** POST /api/cart/recover: the token of a recovery email's link. */
export const RecoverCartSchema = z.strictObject({ token: LinkToken });

/** POST /api/email/unsubscribe: the token of a recovery email's unsubscribe link. */
export const UnsubscribeSchema = z.strictObject({ token: LinkToken });
export const UnsubscribeAnswerSchema = z.object({ message: z.string() });
