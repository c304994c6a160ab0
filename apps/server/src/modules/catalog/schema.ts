import type { Currency, ProductTag, SubscriptionInterval } from "@storefront/domain";
import { type SQL, sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAtColumn, idColumn, updatedAtColumn } from "../../db/columns.ts";
import { storeColumn } from "../stores/schema.ts";

export const products = pgTable(
  "products",
  {
    id: idColumn(),
    storeId: storeColumn(),
    handle: text("handle").notNull(),
    title: text("title").notNull(),
    descriptionHtml: text("description_html").notNull(),
    metaDescription: text("meta_description").notNull(),
    published: boolean("published").notNull().default(true),
    position: integer("position").notNull().default(0),
    /** What it is for, per facet (pet, condition): what a collection can be filtered by. */
    tags: jsonb("tags").$type<ProductTag[]>().notNull().default([]),
    createdAt: createdAtColumn(),
    /** When its page last changed in the admin (the sitemap's lastmod). */
    updatedAt: updatedAtColumn(),
  },
  (t) => [unique("products_store_handle").on(t.storeId, t.handle)],
);

export const productImages = pgTable(
  "product_images",
  {
    id: idColumn(),
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
    id: idColumn(),
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

export const collections = pgTable(
  "collections",
  {
    id: idColumn(),
    storeId: storeColumn(),
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

/**
 * The subscription plans a product offers (spec: "Subscriptions: a product may offer plans"):
 * deliver every `interval_count` weeks or months at `discount_percentage` off each variant's
 * price. `code` ("monthly") is the plan's `subscription_id` in the API, unique per product.
 * The catalog's: its product editor writes them; subscriptions copy a plan when one starts.
 */
export const subscriptionPlans = pgTable(
  "subscription_plans",
  {
    id: idColumn(),
    storeId: storeColumn(),
    // FK in migration 0007 (written before the plans were catalog's; drizzle's snapshot lacks it).
    productId: uuid("product_id").notNull(),
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
