import type { AnalyticsSettings, CheckoutSettings, Currency, TradeTerms } from "@storefront/domain";
import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

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

/**
 * The store a row belongs to (store_id), for the other modules' tables: deleting the store
 * deletes its rows. Each call makes a new column builder.
 */
export const storeColumn = () =>
  text("store_id")
    .notNull()
    .references(() => stores.id, { onDelete: "cascade" });
