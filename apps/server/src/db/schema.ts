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
