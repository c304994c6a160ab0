import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

// Every row that belongs to a store carries store_id; every query filters on it.

export const stores = pgTable("stores", {
  id: text("id").primaryKey(),
  brandName: text("brand_name").notNull(),
  logo: text("logo").notNull(),
  brandDescription: text("brand_description").notNull(),
  stripeId: text("stripe_id"),
  stripePublishableKey: text("stripe_publishable_key"),
  defaultCurrency: text("default_currency").notNull().default("usd"),
  theme: jsonb("theme").notNull(),
  navbar: jsonb("navbar").notNull(),
  footer: jsonb("footer").notNull(),
  globalStyles: jsonb("global_styles").notNull(),
  topCallOutSection: jsonb("top_call_out_section").notNull(),
  topPageCallout: jsonb("top_page_callout"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
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
    position: integer("position").notNull().default(0),
  },
  (t) => [
    unique("variants_store_sku").on(t.storeId, t.sku),
    index("variants_product").on(t.productId),
    check("variants_stock_non_negative", sql`${t.stock} >= 0`),
  ],
);

export const variantPrices = pgTable(
  "variant_prices",
  {
    storeId: text("store_id").notNull(),
    variantId: uuid("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    currency: text("currency").notNull(),
    amount: integer("amount").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.variantId, t.currency] }),
    check("variant_prices_amount_non_negative", sql`${t.amount} >= 0`),
    check("variant_prices_currency", sql`${t.currency} in ('usd', 'cad')`),
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
    active: boolean("active").notNull().default(true),
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
 * A visitor's cart, bound to the session cookie. One open cart (not yet purchased) per store and
 * session; a purchased cart stays for the order's history and the next add opens a new one.
 */
export const carts = pgTable(
  "carts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    sessionId: text("session_id").notNull(),
    currency: text("currency").notNull().default("usd"),
    discountCodeId: uuid("discount_code_id").references(() => discountCodes.id, {
      onDelete: "set null",
    }),
    status: text("status").notNull().default("empty"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("carts_store_session_open")
      .on(t.storeId, t.sessionId)
      .where(sql`${t.status} <> 'purchased'`),
    check("carts_currency", sql`${t.currency} in ('usd', 'cad')`),
    check("carts_status", sql`${t.status} in ('empty', 'active', 'abandoned', 'purchased')`),
  ],
);

/** Cart lines: quantity and order only; prices are always read from variant_prices. */
export const cartLines = pgTable(
  "cart_lines",
  {
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    storeId: text("store_id").notNull(),
    variantId: uuid("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    position: integer("position").notNull().default(0),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.cartId, t.variantId] }),
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
