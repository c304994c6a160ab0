import type {
  AnalyticsSettings,
  Attribution,
  CartStatus,
  ChatMessage,
  CheckoutSettings,
  Currency,
  GardenDesignRequest,
  GeoData,
  OrderAddress,
  OrderBundleContent,
  OrderStatus,
  ProductTag,
  SubscriptionInterval,
  SubscriptionPauseReason,
  SubscriptionPlan,
  SubscriptionStatus,
  TaxLine,
  TradeApplication,
  TradeStatus,
  TradeTerms,
  UserType,
} from "@storefront/domain";
import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

// Every row that belongs to a store carries store_id; every query filters on it.

export const stores = pgTable(
  "stores",
  {
    id: text("id").primaryKey(),
    brandName: text("brand_name").notNull(),
    logo: text("logo").notNull(),
    brandDescription: text("brand_description").notNull(),
    /** The store's connected Stripe account (acct_…): its card payments are made on it. */
    stripeId: text("stripe_id"),
    /** Flat-rate shipping per country and tax rates per region (the domain's CheckoutSettings). */
    checkoutSettings: jsonb("checkout_settings").$type<CheckoutSettings>().notNull(),
    /** What trade (wholesale) accounts pay and their least order (the domain's TradeTerms). */
    tradeTerms: jsonb("trade_terms").$type<TradeTerms>(),
    /** Where the store's own notifications go (new orders, garden design requests). */
    ownerEmail: text("owner_email").notNull(),
    /**
     * Who the store's mail is from: its own name and address once it sets them; until then the
     * brand name and the platform's MAIL_FROM address. Replies go to `owner_email`.
     */
    mailFromName: text("mail_from_name"),
    mailFromAddress: text("mail_from_address"),
    defaultCurrency: text("default_currency").$type<Currency>().notNull().default("usd"),
    /** The currencies the store sells in (its prices, carts and orders); the default is one. */
    currencies: text("currencies").array().$type<Currency[]>().notNull().default(sql`'{usd,cad}'`),
    /**
     * The commission, in percent, the store's affiliate programme pays (content quotes it as
     * `{{affiliate.percentage}}`); null without a programme. An account may be given another rate.
     */
    affiliatePercentage: integer("affiliate_percentage"),
    /**
     * Short promises shown under a product's Add to cart (the domain's ProductTrust): each may
     * quote the store's figures and be for one currency's shoppers only.
     */
    productTrust: jsonb("product_trust").notNull().default([]),
    theme: jsonb("theme").notNull(),
    navbar: jsonb("navbar").notNull(),
    footer: jsonb("footer").notNull(),
    globalStyles: jsonb("global_styles").notNull(),
    topCallOutSection: jsonb("top_call_out_section").notNull(),
    topPageCallout: jsonb("top_page_callout"),
    /** Consent, retention and cart recovery (the domain's AnalyticsSettings). */
    analyticsSettings: jsonb("analytics_settings")
      .$type<AnalyticsSettings>()
      .notNull()
      .default({ consent: "not_required", retentionDays: 180, recoveryDelayMinutes: 60 }),
    /** Set while the store is disabled: its hosts answer 404, its data is kept. */
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("stores_default_currency", sql`${t.defaultCurrency} in ('usd', 'cad')`),
    check(
      "stores_currencies",
      sql`cardinality(${t.currencies}) > 0 and ${t.currencies} <@ array['usd', 'cad'] and ${t.defaultCurrency} = any(${t.currencies})`,
    ),
    check(
      "stores_affiliate_percentage",
      sql`${t.affiliatePercentage} is null or ${t.affiliatePercentage} between 0 and 100`,
    ),
    // One store per connected Stripe account: no store is ever paid on another's account.
    uniqueIndex("stores_stripe_id").on(t.stripeId),
    check(
      "stores_stripe_id_format",
      sql`${t.stripeId} is null or ${t.stripeId} ~ '^acct_[A-Za-z0-9]+$'`,
    ),
  ],
);

export const storeDomains = pgTable("store_domains", {
  host: text("host").primaryKey(),
  storeId: text("store_id")
    .notNull()
    .references(() => stores.id, { onDelete: "cascade" }),
});

export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    handle: text("handle").notNull(),
    title: text("title").notNull(),
    descriptionHtml: text("description_html").notNull(),
    metaDescription: text("meta_description").notNull(),
    published: boolean("published").notNull().default(true),
    position: integer("position").notNull().default(0),
    /** What it is for, per facet (pet, condition): what a collection can be filtered by. */
    tags: jsonb("tags").$type<ProductTag[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When its page last changed in the admin (the sitemap's lastmod). */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("products_store_handle").on(t.storeId, t.handle)],
);

export const productImages = pgTable(
  "product_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    storeId: text("store_id").notNull(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    alt: text("alt").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("product_images_product").on(t.productId)],
);

export const variants = pgTable(
  "variants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    storeId: text("store_id").notNull(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    sku: text("sku").notNull(),
    attributes: jsonb("attributes").$type<Record<string, string>>().notNull(),
    imageUrls: jsonb("image_urls").$type<string[]>().notNull().default([]),
    stock: integer("stock").notNull().default(0),
    /**
     * False for what is never shipped (a digital plan, a design service): checkout asks no street
     * address and charges no shipping for a cart of such lines, its stock is not counted and a
     * cart holds one of it.
     */
    requiresShipping: boolean("requires_shipping").notNull().default(true),
    position: integer("position").notNull().default(0),
    /**
     * A bundle's variant: the bundle at its fixed price, filled by the shopper with this many of
     * its bundle_choices. Its own stock is never counted; its contents' stock is. Null otherwise.
     */
    bundleSlots: integer("bundle_slots"),
  },
  (t) => [
    unique("variants_store_sku").on(t.storeId, t.sku),
    index("variants_product").on(t.productId),
    check("variants_stock_non_negative", sql`${t.stock} >= 0`),
    check("variants_bundle_slots", sql`${t.bundleSlots} between 2 and 6`),
  ],
);

/** The variants a bundle's slots may be filled with (any of them, in any slot, more than once). */
export const bundleChoices = pgTable(
  "bundle_choices",
  {
    storeId: text("store_id").notNull(),
    bundleVariantId: uuid("bundle_variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    variantId: uuid("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.bundleVariantId, t.variantId] }),
    index("bundle_choices_variant").on(t.variantId),
  ],
);

/**
 * The stock a shopper can buy of a variant: what is never shipped is not counted and a cart
 * holds one of it; of a bundle, as many as its published choices' stock can fill.
 */
export const sellableStock = sql<number>`(case when ${variants.bundleSlots} is not null then
    ((select coalesce(sum(case when c.requires_shipping then c.stock else 1 end), 0)
      from ${bundleChoices} bc join ${variants} c on c.id = bc.variant_id
      join ${products} cp on cp.id = c.product_id
      where bc.bundle_variant_id = ${variants.id} and c.store_id = ${variants.storeId}
        and cp.published) / ${variants.bundleSlots})::int
  when ${variants.requiresShipping} then ${variants.stock} else 1 end)`;

export const variantPrices = pgTable(
  "variant_prices",
  {
    storeId: text("store_id").notNull(),
    variantId: uuid("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    currency: text("currency").$type<Currency>().notNull(),
    amount: integer("amount").notNull(),
    /** What a trade account pays instead, when the store set it; else the store's TradeTerms. */
    tradeAmount: integer("trade_amount"),
  },
  (t) => [
    primaryKey({ columns: [t.variantId, t.currency] }),
    check("variant_prices_amount_non_negative", sql`${t.amount} >= 0`),
    check("variant_prices_trade_amount_non_negative", sql`${t.tradeAmount} >= 0`),
    check("variant_prices_currency", sql`${t.currency} in ('usd', 'cad')`),
  ],
);

/**
 * What a variant costs in its price row's currency: the retail amount, or where `trade` (an SQL
 * boolean) holds, the trade price of the store's TradeTerms: the row's own trade amount, else
 * retail less the store's percentage, rounded to the minor unit as the domain's tradeAmount does.
 */
export function sellingPrice(trade: SQL): SQL<number | null> {
  return sql<number | null>`(case when ${trade} then coalesce(${variantPrices.tradeAmount},
    round(${variantPrices.amount}::numeric * (100 - coalesce((select (s.trade_terms->>'percentOff')::int
      from stores s where s.id = ${variantPrices.storeId}), 0)) / 100.0)::int)
    else ${variantPrices.amount} end)`;
}

/**
 * The subscription plans a product offers (spec: "Subscriptions: a product may offer plans"):
 * deliver every `interval_count` weeks or months at `discount_percentage` off each variant's
 * price. `code` ("monthly") is the plan's `subscription_id` in the API, unique per product.
 */
export const subscriptionPlans = pgTable(
  "subscription_plans",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    label: text("label").notNull(),
    interval: text("interval").$type<SubscriptionInterval>().notNull(),
    intervalCount: integer("interval_count").notNull().default(1),
    discountPercentage: integer("discount_percentage").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    unique("subscription_plans_product_code").on(t.productId, t.code),
    index("subscription_plans_store_product").on(t.storeId, t.productId),
    check("subscription_plans_interval", sql`${t.interval} in ('week', 'month')`),
    check("subscription_plans_interval_count", sql`${t.intervalCount} >= 1`),
    check("subscription_plans_discount", sql`${t.discountPercentage} between 1 and 50`),
  ],
);

export const collections = pgTable(
  "collections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    handle: text("handle").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
  },
  (t) => [unique("collections_store_handle").on(t.storeId, t.handle)],
);

export const collectionProducts = pgTable(
  "collection_products",
  {
    collectionId: uuid("collection_id")
      .notNull()
      .references(() => collections.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.collectionId, t.productId] })],
);

/** JSON documents per store: kind 'master' (pages) and 'layout' (chatbot.json, …). */
export const documents = pgTable(
  "documents",
  {
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    name: text("name").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.kind, t.name] }),
    check("documents_kind", sql`${t.kind} in ('master', 'layout')`),
  ],
);

/** Amounts per currency in minor units, for codes that name a fixed amount or a cap. */
export type AmountsByCurrency = { usd?: number; cad?: number };

/**
 * Discount codes (spec section 5). `code` is stored lower-case so look-ups are case-insensitive;
 * `amounts` is the fixed discount_amount and `caps` the max_redeemable_amount, per currency.
 * `redemptions` only grows when an order is paid, with a guard in the statement.
 */
export const discountCodes = pgTable(
  "discount_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    discountPercentage: integer("discount_percentage"),
    amounts: jsonb("amounts").$type<AmountsByCurrency>().notNull().default({}),
    caps: jsonb("caps").$type<AmountsByCurrency>().notNull().default({}),
    maxRedemptions: integer("max_redemptions").notNull(),
    redemptions: integer("redemptions").notNull().default(0),
    /** One order per customer (by account and by normalised email), e.g. a welcome code. */
    oncePerCustomer: boolean("once_per_customer").notNull().default(false),
    active: boolean("active").notNull().default(true),
    /** The store shares it with anyone who asks (the chatbot tells shoppers about it). */
    public: boolean("public").notNull().default(false),
    /** Set on an account's personal code: orders placed with it earn that account commission. */
    affiliateUserId: uuid("affiliate_user_id").references((): AnyPgColumn => users.id, {
      onDelete: "cascade",
    }),
    /** From this moment the code is refused, and a cart holding it loses it; null: no end. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("discount_codes_store_code").on(t.storeId, t.code),
    check("discount_codes_code_lower_case", sql`${t.code} = lower(${t.code})`),
    check(
      "discount_codes_percentage",
      sql`${t.discountPercentage} is null or ${t.discountPercentage} between 1 and 100`,
    ),
    check("discount_codes_redemptions", sql`${t.redemptions} >= 0 and ${t.maxRedemptions} >= 0`),
  ],
);

/**
 * One customer's use of a code limited per customer: one row per order and customer key
 * (`user:<id>` and `email:<normalised email>`), so the unique index refuses a second use by
 * account or by address in the order's own transaction, even under concurrent checkouts.
 */
export const discountRedemptions = pgTable(
  "discount_redemptions",
  {
    discountCodeId: uuid("discount_code_id")
      .notNull()
      .references(() => discountCodes.id, { onDelete: "cascade" }),
    customerKey: text("customer_key").notNull(),
    orderId: uuid("order_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.discountCodeId, t.customerKey] })],
);

/**
 * Shopper accounts, one set per store: the same email may hold an account in each store. `email`
 * is stored trimmed and lower-cased; `password_hash` is an argon2id string and never leaves the
 * server. Amounts (commission) are minor units.
 */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    birthday: date("birthday", { mode: "string" }),
    userType: text("user_type").$type<UserType>().notNull().default("customer"),
    /**
     * A trade account's resale certificate on file (its number, as the store checked it): its
     * trade orders are then tax-exempt.
     */
    resaleCertificate: text("resale_certificate"),
    pointsBalance: integer("points_balance").notNull().default(0),
    discountCode: text("discount_code").notNull(),
    discountPercentage: integer("discount_percentage").notNull().default(10),
    commissionPercentage: integer("commission_percentage"),
    commissionAmount: integer("commission_amount").notNull().default(0),
    eventsTriggered: jsonb("events_triggered").$type<unknown[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("users_store_email").on(t.storeId, t.email),
    unique("users_store_discount_code").on(t.storeId, t.discountCode),
    check("users_email_lower_case", sql`${t.email} = lower(${t.email})`),
    check("users_user_type", sql`${t.userType} in ('customer', 'wholesale', 'admin')`),
    check("users_points_balance", sql`${t.pointsBalance} >= 0`),
    check("users_discount_percentage", sql`${t.discountPercentage} between 0 and 100`),
    check(
      "users_commission",
      sql`(${t.commissionPercentage} is null or ${t.commissionPercentage} between 0 and 100) and ${t.commissionAmount} >= 0`,
    ),
  ],
);

/**
 * Signed-in sessions, server-side. The cookie holds a random token; only its SHA-256 is stored,
 * so a copy of this table signs nobody in. A session belongs to one store.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("sessions_token_hash").on(t.tokenHash), index("sessions_user").on(t.userId)],
);

/**
 * Secrets the server makes for itself on first start and every instance shares (the key that
 * signs guest session cookies when SESSION_SECRET is not set).
 */
export const serverSecrets = pgTable("server_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The platform's operators: they open and disable stores at /platform on PLATFORM_HOST and
 * belong to no store. The password is null until the operator's first link sets it.
 */
export const platformOperators = pgTable(
  "platform_operators",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("platform_operators_email").on(t.email),
    check("platform_operators_email_lower_case", sql`${t.email} = lower(${t.email})`),
  ],
);

/** An operator's sign-in (the `sf_platform` cookie's SHA-256) and its single-use password links. */
export const platformTokens = pgTable(
  "platform_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    operatorId: uuid("operator_id")
      .notNull()
      .references(() => platformOperators.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"session" | "password">().notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("platform_tokens_token_hash").on(t.tokenHash),
    index("platform_tokens_operator").on(t.operatorId),
    check("platform_tokens_kind", sql`${t.kind} in ('session', 'password')`),
  ],
);

/** Password-reset tokens: stored as SHA-256, single-use (`used_at`), valid until `expires_at`. */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("password_reset_tokens_token_hash").on(t.tokenHash),
    index("password_reset_tokens_user").on(t.userId),
  ],
);

/**
 * Browsers an account has signed in on: the `sf_device` cookie holds a random token, this table its
 * SHA-256. With the right password, a known browser still signs in while the account's failed
 * sign-ins have reached their limit (someone else guessing), so guessing cannot lock the owner out.
 */
export const trustedDevices = pgTable(
  "trusted_devices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("trusted_devices_token_hash").on(t.tokenHash),
    index("trusted_devices_user").on(t.userId),
  ],
);

/**
 * Registrations waiting for their email to be confirmed: the account is created from the row
 * when the link in the confirmation mail is opened (token stored as SHA-256, valid until
 * `expires_at`); the row is deleted then, or swept once expired.
 */
export const pendingRegistrations = pgTable(
  "pending_registrations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    birthday: date("birthday", { mode: "string" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("pending_registrations_token_hash").on(t.tokenHash),
    index("pending_registrations_store_email").on(t.storeId, t.email),
    index("pending_registrations_expires").on(t.expiresAt),
    check("pending_registrations_email_lower_case", sql`${t.email} = lower(${t.email})`),
  ],
);

/** Mail written here instead of sent when no SMTP_URL is set (development, trying the store). */
export const outbox = pgTable(
  "outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    from: text("from").notNull(),
    to: text("to").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("outbox_store_created").on(t.storeId, t.createdAt)],
);

/**
 * A cart belongs to a guest's session (`session_id`, the cookie) or to an account (`user_id`),
 * never both. One open cart (not yet purchased) per store and owner; a purchased cart stays for
 * the order's history and the next add opens a new one.
 */
export const carts = pgTable(
  "carts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    sessionId: text("session_id"),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    currency: text("currency").$type<Currency>().notNull().default("usd"),
    discountCodeId: uuid("discount_code_id").references(() => discountCodes.id, {
      onDelete: "set null",
    }),
    status: text("status").$type<CartStatus>().notNull().default("empty"),
    /** When the page was left with the cart full (status `abandoned`); null otherwise. */
    abandonedAt: timestamp("abandoned_at", { withTimezone: true }),
    /** The store's origin the visitor left from: where the recovery email's links point. */
    recoveryOrigin: text("recovery_origin"),
    /** When its one recovery email was sent (a cart is reminded once). */
    recoveryEmailedAt: timestamp("recovery_emailed_at", { withTimezone: true }),
    /** Tries to send it: a send that fails is tried again, three times at most. */
    recoveryAttempts: integer("recovery_attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("carts_store_abandoned")
      .on(t.storeId, t.abandonedAt)
      .where(sql`${t.status} = 'abandoned'`),
    uniqueIndex("carts_store_session_open")
      .on(t.storeId, t.sessionId)
      .where(sql`${t.status} <> 'purchased'`),
    uniqueIndex("carts_store_user_open")
      .on(t.storeId, t.userId)
      .where(sql`${t.status} <> 'purchased' and ${t.userId} is not null`),
    check("carts_owner", sql`(${t.sessionId} is null) <> (${t.userId} is null)`),
    check("carts_currency", sql`${t.currency} in ('usd', 'cad')`),
    check("carts_status", sql`${t.status} in ('empty', 'active', 'abandoned', 'purchased')`),
  ],
);

/**
 * Cart lines: quantity and order only; prices are always read from variant_prices (and the
 * plan's percentage). A line is a variant bought once (`plan_id` null) or on one plan, so one
 * cart holds at most one line per variant and plan.
 */
export const cartLines = pgTable(
  "cart_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    storeId: text("store_id").notNull(),
    variantId: uuid("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    planId: uuid("plan_id").references(() => subscriptionPlans.id, { onDelete: "cascade" }),
    /** A bundle line's chosen variants (ids, sorted, one per slot); [] for any other line. */
    selection: jsonb("selection").$type<string[]>().notNull().default([]),
    quantity: integer("quantity").notNull(),
    position: integer("position").notNull().default(0),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // NULLS NOT DISTINCT: one plain line (plan null) per variant too; a bundle once per selection.
    unique("cart_lines_cart_variant_plan_selection")
      .on(t.cartId, t.variantId, t.planId, t.selection)
      .nullsNotDistinct(),
    check("cart_lines_quantity", sql`${t.quantity} between 1 and 19`),
  ],
);

/** Cart events (spec section 4): what the shopper did, for analytics and abandonment reports. */
export const cartEvents = pgTable(
  "cart_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    storeId: text("store_id").notNull(),
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    sku: text("sku"),
    quantity: integer("quantity"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("cart_events_cart").on(t.cartId, t.createdAt),
    check(
      "cart_events_type",
      sql`${t.type} in ('item_added', 'item_quantity_updated', 'item_removed', 'cart_emptied')`,
    ),
  ],
);

/** Order numbers: one sequence for every store, so a number never repeats. */
export const orderNumbers = pgSequence("order_numbers", { startWith: 1001 });

/**
 * An order: placed from a cart with its prices frozen. `awaiting_payment` holds its stock (and
 * its code's redemption) until `hold_expires_at`; `paid` is final; `declined`, `expired` and
 * `canceled` gave their stock back. One order per store and Idempotency-Key.
 */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    number: integer("number").notNull().default(sql`nextval('order_numbers')`),
    idempotencyKey: text("idempotency_key").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    cartId: uuid("cart_id").references(() => carts.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    name: text("name").notNull(),
    address: jsonb("address").$type<OrderAddress>().notNull(),
    currency: text("currency").$type<Currency>().notNull(),
    subtotal: integer("subtotal").notNull(),
    discountAmount: integer("discount_amount").notNull().default(0),
    discountCodeId: uuid("discount_code_id").references(() => discountCodes.id, {
      onDelete: "set null",
    }),
    discountCode: text("discount_code"),
    /** The loyalty points the buyer spent on the order (held with it, given back if it ends unpaid). */
    pointsSpent: integer("points_spent").notNull().default(0),
    pointsDiscount: integer("points_discount").notNull().default(0),
    /** The affiliate whose personal code the order used. */
    affiliateUserId: uuid("affiliate_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    shippingOptionId: text("shipping_option_id").notNull(),
    shippingLabel: text("shipping_label").notNull(),
    shippingAmount: integer("shipping_amount").notNull(),
    taxLines: jsonb("tax_lines").$type<TaxLine[]>().notNull().default([]),
    taxAmount: integer("tax_amount").notNull(),
    total: integer("total").notNull(),
    status: text("status").$type<OrderStatus>().notNull().default("awaiting_payment"),
    paymentProvider: text("payment_provider").notNull(),
    /** The store's connected Stripe account the payment was made on; null: none (test, platform). */
    paymentAccount: text("payment_account"),
    paymentReference: text("payment_reference"),
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    failureMessage: text("failure_message"),
    /** SHA-256 of the key in the confirmation email's link (guests read their order with it). */
    accessKeyHash: text("access_key_hash").notNull(),
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    pointsEarned: integer("points_earned").notNull().default(0),
    /** Bought by a trade account at trade prices: it earns no loyalty points. */
    tradePrices: boolean("trade_prices").notNull().default(false),
    commissionAmount: integer("commission_amount").notNull().default(0),
    /** The payment keeps the card for the subscriptions the order starts (charged off-session). */
    savesPaymentMethod: boolean("saves_payment_method").notNull().default(false),
    /** The subscription this order renews (a renewal order starts no subscription of its own). */
    renewalOf: uuid("renewal_of").references((): AnyPgColumn => subscriptions.id, {
      onDelete: "set null",
    }),
    /** What the store gave back of the payment so far (refunds that succeeded), in minor units. */
    /**
     * Set by the database when the order is paid: its buyer (by lower-cased email) had no paid
     * order in the store before. The dashboard's new and returning customers.
     */
    firstOrder: boolean("first_order").notNull().default(false),
    refundedAmount: integer("refunded_amount").notNull().default(0),
    /** A refund put the order's items back in stock (once per order). */
    restocked: boolean("restocked").notNull().default(false),
    /** When the store marked the order shipped, with whom and under which tracking number. */
    shippedAt: timestamp("shipped_at", { withTimezone: true }),
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("orders_number").on(t.number),
    unique("orders_store_idempotency_key").on(t.storeId, t.idempotencyKey),
    index("orders_store_user").on(t.storeId, t.userId, t.createdAt),
    index("orders_store_email").on(t.storeId, t.email),
    index("orders_awaiting_payment")
      .on(t.holdExpiresAt)
      .where(sql`${t.status} = 'awaiting_payment'`),
    index("orders_cart_awaiting_payment").on(t.cartId).where(sql`${t.status} = 'awaiting_payment'`),
    // The admin's lists and dashboard: orders placed, and paid, in a range; a buyer's earlier ones.
    index("orders_store_created").on(t.storeId, t.createdAt),
    index("orders_store_paid").on(t.storeId, t.paidAt).where(sql`${t.status} = 'paid'`),
    index("orders_store_buyer_paid")
      .on(t.storeId, sql`lower(${t.email})`, t.paidAt)
      .where(sql`${t.status} = 'paid'`),
    uniqueIndex("orders_payment_reference").on(t.paymentProvider, t.paymentReference),
    check("orders_currency", sql`${t.currency} in ('usd', 'cad')`),
    check(
      "orders_status",
      sql`${t.status} in ('awaiting_payment', 'paid', 'declined', 'expired', 'canceled')`,
    ),
    check(
      "orders_amounts",
      sql`${t.subtotal} >= 0 and ${t.discountAmount} >= 0 and ${t.shippingAmount} >= 0 and ${t.taxAmount} >= 0 and ${t.total} >= 0`,
    ),
    check("orders_points", sql`${t.pointsSpent} >= 0 and ${t.pointsDiscount} >= 0`),
    check("orders_refunded", sql`${t.refundedAmount} >= 0 and ${t.refundedAmount} <= ${t.total}`),
  ],
);

/**
 * A store admin's refund of (part of) a paid order: written `pending` before the processor is
 * asked (under the key `refund-{id}`), then `succeeded` with the order's refunded amount in one
 * transaction, or `failed`. The admin's Idempotency-Key makes a repeated request the same refund.
 */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    idempotencyKey: text("idempotency_key").notNull(),
    amount: integer("amount").notNull(),
    restock: boolean("restock").notNull(),
    reason: text("reason").notNull().default(""),
    status: text("status").$type<"pending" | "succeeded" | "failed">().notNull().default("pending"),
    failureMessage: text("failure_message"),
    actorUserId: uuid("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    unique("order_refunds_store_key").on(t.storeId, t.idempotencyKey),
    index("order_refunds_order").on(t.orderId, t.createdAt),
    check("order_refunds_amount", sql`${t.amount} > 0`),
    check("order_refunds_status", sql`${t.status} in ('pending', 'succeeded', 'failed')`),
  ],
);

/**
 * Every write of a store's admins: who (the account, and its email as it was), what (an action
 * and its target), when, and the target's state before and after. Kept with the store.
 */
export const adminAudit = pgTable(
  "admin_audit",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    target: text("target").notNull(),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("admin_audit_store_created").on(t.storeId, t.createdAt)],
);

/** An order's lines, with the price, title and attributes as they were when it was placed. */
export const orderLines = pgTable(
  "order_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    storeId: text("store_id").notNull(),
    variantId: uuid("variant_id").references(() => variants.id, { onDelete: "set null" }),
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    sku: text("sku").notNull(),
    handle: text("handle").notNull(),
    title: text("title").notNull(),
    attributes: jsonb("attributes").$type<Record<string, string>>().notNull(),
    imageUrl: text("image_url"),
    quantity: integer("quantity").notNull(),
    unitPrice: integer("unit_price").notNull(),
    lineTotal: integer("line_total").notNull(),
    position: integer("position").notNull().default(0),
    /** A subscription line's plan; its terms as they were are kept in `subscription`. */
    planId: uuid("plan_id").references(() => subscriptionPlans.id, { onDelete: "set null" }),
    subscription: jsonb("subscription").$type<SubscriptionPlan>(),
    /** A bundle line's chosen variants (ids, sorted), as its cart line named them; else []. */
    selection: jsonb("selection").$type<string[]>().notNull().default([]),
    /** What one of a bundle line held, as it was; its stock was taken; null otherwise. */
    contents: jsonb("contents").$type<OrderBundleContent[]>(),
  },
  (t) => [
    index("order_lines_order").on(t.orderId),
    index("order_lines_store_product").on(t.storeId, t.productId),
    check("order_lines_quantity", sql`${t.quantity} >= 1`),
  ],
);

/**
 * A store's paid orders per UTC day (of paid_at) and currency: how many, their totals and what
 * was refunded of them. Kept by the database as orders are paid and refunded (migration 0042),
 * so the dashboard reads a day's sales from one row however many orders it had.
 */
export const salesDays = pgTable(
  "sales_days",
  {
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    currency: text("currency").$type<Currency>().notNull(),
    orders: integer("orders").notNull(),
    revenue: bigint("revenue", { mode: "number" }).notNull(),
    refunded: bigint("refunded", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.day, t.currency] })],
);

/**
 * A store's paid order lines per UTC day, currency and SKU: units and line totals, and the
 * alphabetically first title sold under the SKU that day. Kept with `sales_days`.
 */
export const productSalesDays = pgTable(
  "product_sales_days",
  {
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    currency: text("currency").$type<Currency>().notNull(),
    sku: text("sku").notNull(),
    title: text("title").notNull(),
    units: integer("units").notNull(),
    revenue: bigint("revenue", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.day, t.currency, t.sku] })],
);

/**
 * A signed-in shopper's subscription, started when the order with its line is paid: what is
 * delivered (variant, quantity, price per delivery in the order's currency), on which plan, and
 * when it is next charged.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    orderLineId: uuid("order_line_id")
      .notNull()
      .references(() => orderLines.id, { onDelete: "cascade" }),
    variantId: uuid("variant_id").references(() => variants.id, { onDelete: "set null" }),
    planId: uuid("plan_id").references(() => subscriptionPlans.id, { onDelete: "set null" }),
    sku: text("sku").notNull(),
    productTitle: text("product_title").notNull(),
    planCode: text("plan_code").notNull(),
    planLabel: text("plan_label").notNull(),
    interval: text("interval").$type<SubscriptionInterval>().notNull(),
    intervalCount: integer("interval_count").notNull(),
    discountPercentage: integer("discount_percentage").notNull(),
    quantity: integer("quantity").notNull(),
    /** One delivery's unit price, minor units of `currency`. */
    price: integer("price").notNull(),
    currency: text("currency").$type<Currency>().notNull(),
    status: text("status").$type<SubscriptionStatus>().notNull().default("active"),
    /** Why a paused subscription is paused: the shopper paused it, or its renewal failed. */
    pausedReason: text("paused_reason").$type<SubscriptionPauseReason>(),
    nextChargeOn: date("next_charge_on", { mode: "string" }).notNull(),
    /** The provider's reusable payment method (and Stripe's customer), for off-session renewals. */
    paymentMethod: text("payment_method"),
    paymentCustomer: text("payment_customer"),
    /** Who keeps the saved card: the processor and the store's Stripe account it is on. */
    paymentProvider: text("payment_provider").$type<"test" | "stripe">(),
    paymentAccount: text("payment_account"),
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    /** Renewals of the current period that failed, and the day the next try is due. */
    failedAttempts: integer("failed_attempts").notNull().default(0),
    retryOn: date("retry_on", { mode: "string" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One subscription per paid order line: completing an order twice cannot start two.
    unique("subscriptions_order_line").on(t.orderLineId),
    index("subscriptions_store_user").on(t.storeId, t.userId, t.createdAt),
    check("subscriptions_interval", sql`${t.interval} in ('week', 'month')`),
    check("subscriptions_quantity", sql`${t.quantity} >= 1 and ${t.intervalCount} >= 1`),
    check("subscriptions_price", sql`${t.price} >= 0`),
    check("subscriptions_currency", sql`${t.currency} in ('usd', 'cad')`),
    check("subscriptions_status", sql`${t.status} in ('active', 'paused', 'cancelled')`),
    check("subscriptions_failed_attempts", sql`${t.failedAttempts} >= 0`),
    index("subscriptions_due").on(t.nextChargeOn).where(sql`${t.status} = 'active'`),
  ],
);

/**
 * What happened to a subscription, who did it and when: the shopper's skips, pauses, interval
 * changes and cancellation, and each renewal's outcome. Kept as long as the subscription.
 */
export const subscriptionEvents = pgTable(
  "subscription_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    actor: text("actor").$type<"shopper" | "renewal">().notNull(),
    action: text("action").notNull(),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("subscription_events_subscription").on(t.subscriptionId, t.createdAt),
    check("subscription_events_actor", sql`${t.actor} in ('shopper', 'renewal')`),
  ],
);

/** Payment webhooks already applied, by the provider's event id: a replay applies nothing. */
export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(),
  provider: text("provider").notNull(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Garden design requests (POST /pbn/layouts): `data` is the request as sent, after validation
 * (the domain's GardenDesignRequest). Read newest first per store by the store's admins.
 */
export const designRequests = pgTable(
  "design_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    data: jsonb("data").$type<GardenDesignRequest>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("design_requests_store_created").on(t.storeId, t.createdAt)],
);

/**
 * Applications to become a store's trade (wholesale) partner, from the form on its trade page:
 * pending until an admin approves one, which makes (or upgrades) the applicant's account a
 * wholesale one (`user_id`). `data` is the form as validated (TradeApplicationSchema).
 */
export const wholesaleApplications = pgTable(
  "wholesale_applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    data: jsonb("data").$type<TradeApplication>().notNull(),
    status: text("status").$type<TradeStatus>().notNull().default("pending"),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    index("wholesale_applications_store_created").on(t.storeId, t.createdAt),
    check("wholesale_applications_status", sql`${t.status} in ('pending', 'approved')`),
  ],
);

/** A photo or video of a review; `url` is a store media path. */
export type ReviewMediaItem = { type: "image" | "video"; url: string; alt: string };

/**
 * Customer reviews of a product. `review_id` is the public id: the client's id when no other
 * review of the store has it, else one the server made. `client_review_id` is the id the author
 * sent, unique per author (`author_key`: the account, else the visitor's session, as for votes),
 * so a resent review is the same review and nobody can take another visitor's id; both are null
 * for demo reviews. `reviewer_email` is stored lower-cased and never shown publicly.
 * `helpful_count` is the number of `review_votes` rows, kept beside the review so sorting by it
 * needs no join; it changes only in the statement that adds or removes a vote.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    reviewId: text("review_id").notNull(),
    authorKey: text("author_key"),
    clientReviewId: text("client_review_id"),
    rating: integer("rating").notNull(),
    title: text("title").notNull().default(""),
    description: text("description").notNull(),
    reviewerName: text("reviewer_name").notNull(),
    reviewerEmail: text("reviewer_email").notNull(),
    /** The signed-in account that wrote it (null: a guest); 'Verified Buyer' is decided by it. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /**
     * The paid order whose email's one-time review link this review was written with (null:
     * none): a 'Verified Buyer' review, at most one per order and product.
     */
    verifiedOrderId: uuid("verified_order_id").references(() => orders.id, {
      onDelete: "set null",
    }),
    profileImage: text("profile_image"),
    media: jsonb("media").$type<ReviewMediaItem[]>().notNull().default([]),
    ownerResponse: text("owner_response"),
    hidden: boolean("hidden").notNull().default(false),
    helpfulCount: integer("helpful_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("reviews_store_review_id").on(t.storeId, t.reviewId),
    unique("reviews_store_author_client_id").on(t.storeId, t.authorKey, t.clientReviewId),
    unique("reviews_verified_order_product").on(t.verifiedOrderId, t.productId),
    index("reviews_product_created").on(t.productId, t.createdAt),
    check("reviews_rating", sql`${t.rating} between 1 and 5`),
    check("reviews_helpful_count", sql`${t.helpfulCount} >= 0`),
    check("reviews_email_lower_case", sql`${t.reviewerEmail} = lower(${t.reviewerEmail})`),
  ],
);

/**
 * A shopper's report of a review (spam, offensive, off topic, other), one per visitor and one per
 * address per review, for the store's admins to look at.
 */
export const reviewReports = pgTable(
  "review_reports",
  {
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    storeId: text("store_id").notNull(),
    reporter: text("reporter").notNull(),
    /** SHA-256 of the store and the reporter's IP (no raw IPs). */
    ipHash: text("ip_hash").notNull(),
    reason: text("reason").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.reviewId, t.reporter] }),
    uniqueIndex("review_reports_review_ip").on(t.reviewId, t.ipHash),
    index("review_reports_store").on(t.storeId, t.reviewId),
    check("review_reports_reason", sql`${t.reason} in ('spam', 'offensive', 'off_topic', 'other')`),
  ],
);

/**
 * One 'Helpful' vote per visitor per review. `voter` is `user:{account id}` for a signed-in
 * shopper, else `session:{SHA-256 of the visitor's session cookie}`.
 */
export const reviewVotes = pgTable(
  "review_votes",
  {
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    storeId: text("store_id").notNull(),
    voter: text("voter").notNull(),
    /** SHA-256 of the store and the voter's IP: one vote per review per address (no raw IPs). */
    ipHash: text("ip_hash"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.reviewId, t.voter] }),
    uniqueIndex("review_votes_review_ip").on(t.reviewId, t.ipHash),
  ],
);

/**
 * One visit's analytics (spec section 3): opened by POST /metrics/initialize, its totals and the
 * latest of what the browser sent kept up to date by POST /metrics/update-session-data. The
 * visitor's guest session (`visitor_session_id`, the cart cookie's id) or account ties it to a
 * cart for the abandonment report.
 */
export const analyticsSessions = pgTable(
  "analytics_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    visitorSessionId: text("visitor_session_id"),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    userEmail: text("user_email"),
    attribution: jsonb("attribution").$type<Attribution>(),
    cartStatus: text("cart_status").$type<CartStatus>(),
    pagesViewed: integer("pages_viewed").notNull().default(0),
    totalViewTime: integer("total_view_time").notNull().default(0),
    /** Set by the database when the visit's first product view or item added arrives (the funnel). */
    viewedProduct: boolean("viewed_product").notNull().default(false),
    addedToCart: boolean("added_to_cart").notNull().default(false),
    /** The user geo data of spec section 3, or the IP lookup's failure ('Error: {status}'). */
    geo: jsonb("geo").$type<GeoData>(),
    geoError: text("geo_error"),
  },
  (t) => [
    index("analytics_sessions_store_seen").on(t.storeId, t.lastSeenAt),
    index("analytics_sessions_store_started").on(
      t.storeId,
      t.startedAt,
      t.viewedProduct,
      t.addedToCart,
    ),
    index("analytics_sessions_visitor").on(t.storeId, t.visitorSessionId, t.lastSeenAt),
    index("analytics_sessions_user").on(t.storeId, t.userId, t.lastSeenAt),
  ],
);

/**
 * What a visit did, one row per entry of the browser's lists (page views, product page views,
 * searches, cart events), appended as they arrive. `key` names the entry (its time to the
 * millisecond and what it was: the path, the handle, the query, the event and sku), so a list
 * sent again adds only its new entries, and two tabs of one visit never take each other's
 * places. A page view's row is rewritten while its time on the page grows, a search's until the
 * next search gives it its duration.
 */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => analyticsSessions.id, { onDelete: "cascade" }),
    storeId: text("store_id").notNull(),
    kind: text("kind").$type<AnalyticsEventKind>().notNull(),
    key: text("key").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    data: jsonb("data").notNull(),
    /** A search's query as typed, kept by the database beside its data (the search reports). */
    searchQuery: text("search_query").generatedAlwaysAs(
      sql`case when kind = 'search' then data ->> 'query' end`,
    ),
  },
  (t) => [
    unique("analytics_events_session_kind_key").on(t.sessionId, t.kind, t.key),
    index("analytics_events_store_at").on(t.storeId, t.at),
    // The search report and the dashboard's searches count a range's queries from this index
    // alone, never reading the events' data.
    index("analytics_events_store_searched")
      .on(t.storeId, t.at, t.searchQuery)
      .where(sql`${t.kind} = 'search'`),
    check(
      "analytics_events_kind",
      sql`${t.kind} in ('page_view', 'product_view', 'search', 'cart_event')`,
    ),
  ],
);
export type AnalyticsEventKind = "page_view" | "product_view" | "search" | "cart_event";

/**
 * The link of a recovery email: it puts the abandoned cart's lines in whichever browser opens
 * it, once, within its days. Only the token's SHA-256 is kept.
 */
export const cartRecoveryTokens = pgTable(
  "cart_recovery_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    email: text("email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("cart_recovery_tokens_hash").on(t.tokenHash),
    index("cart_recovery_tokens_expires").on(t.expiresAt),
    index("cart_recovery_tokens_store_used")
      .on(t.storeId, sql`lower(${t.email})`, t.usedAt)
      .where(sql`${t.usedAt} is not null`),
  ],
);

/** Addresses that asked for no more cart reminders from a store (the email's unsubscribe link). */
export const emailOptOuts = pgTable(
  "email_opt_outs",
  {
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.email] })],
);

/** PostgreSQL's full-text document type (read as its text form). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * What the store's search finds: one row per published product and per content page, kept up to
 * date by triggers on products, variants and documents (migration 0029), so every writer (the
 * seed, an admin, an import) keeps it current. `document` weighs the title A, the tags
 * (conditions, pets) B, the variants' attributes C and the description or page text D; `words`
 * is the title, tags and attributes in lower case, for the typo-tolerant vocabulary.
 */
export const searchEntries = pgTable(
  "search_entries",
  {
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    /** 'product' or 'page'. */
    kind: text("kind").$type<"product" | "page">().notNull(),
    /** The product's id, or the page document's name. */
    ref: text("ref").notNull(),
    title: text("title").notNull(),
    /** Where the result links (a page's path; a product's handle). */
    path: text("path").notNull(),
    /** A page's description, shown under its title; empty for a product. */
    summary: text("summary").notNull().default(""),
    document: tsvector("document").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.kind, t.ref] }),
    // One store's entries only (btree_gin): a small store never walks a large one's.
    // Written straight into the index (fastupdate off): a search never walks a list of pending
    // entries, which the embedded database, without autovacuum, would let grow to 4 MB.
    index("search_entries_store_document")
      .using("gin", t.storeId, t.document)
      .with({ fastupdate: false }),
  ],
);

/**
 * How many times each store's search index or synonyms changed (by triggers on both): a
 * search's list of matches is reused for as long as its store's version is the same.
 */
export const searchVersions = pgTable("search_versions", {
  storeId: text("store_id")
    .primaryKey()
    .references(() => stores.id, { onDelete: "cascade" }),
  version: integer("version").notNull(),
});

/**
 * A store's search vocabulary (words of its titles, tags and attributes, and its synonyms'
 * terms): a misspelt word is replaced by its nearest word here (pg_trgm).
 */
export const searchWords = pgTable(
  "search_words",
  {
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    word: text("word").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.word] }),
    index("search_words_trigram").using("gin", t.word.op("gin_trgm_ops")),
  ],
);

/**
 * A store's synonyms, kept as data: a shopper's `term` ("hot spots", "fireworks") also finds
 * what `expandsTo` finds ("allergies", "anxiety").
 */
export const searchSynonyms = pgTable(
  "search_synonyms",
  {
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    term: text("term").notNull(),
    expandsTo: text("expands_to").notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.term, t.expandsTo] })],
);

/**
 * How many results each query searched on the store last found, for the admin's list of
 * queries with no results (the searches themselves are counted from the visits' analytics).
 */
export const searchQueryResults = pgTable(
  "search_query_results",
  {
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    query: text("query").notNull(),
    results: integer("results").notNull(),
    searchedAt: timestamp("searched_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.query] })],
);

/** What a conversation's bot waits for next (see the chat module). */
export type ChatState =
  | { awaiting?: undefined }
  | { awaiting: "order_number" }
  | { awaiting: "order_email"; orderNumber: number }
  | { awaiting: "handoff"; question: string };

/**
 * A visitor's conversation with a store's support chatbot: its messages (oldest first, the
 * greeting first), the guest session it belongs to, and what the bot waits for. One is open per
 * session; "Start over" ends it (`ended_at`) and the next message opens another.
 */
export const chatConversations = pgTable(
  "chat_conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    sessionId: text("session_id").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    messages: jsonb("messages").$type<ChatMessage[]>().notNull(),
    state: jsonb("state").$type<ChatState>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("chat_conversations_open")
      .on(t.storeId, t.sessionId)
      .where(sql`${t.endedAt} is null`),
    index("chat_conversations_store_updated").on(t.storeId, t.updatedAt),
  ],
);

/** A question the chatbot could not answer, passed to the store's owner (and mailed to them). */
export const chatQuestions = pgTable(
  "chat_questions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    conversationId: uuid("conversation_id").references(() => chatConversations.id, {
      onDelete: "set null",
    }),
    question: text("question").notNull(),
    /** Where the owner may answer; null when the visitor gave none. */
    email: text("email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("chat_questions_store_created").on(t.storeId, t.createdAt)],
);
