import {
  averageRating,
  CATALOG_MESSAGES,
  type CollectionEntry,
  type CollectionQuery,
  type CollectionView,
  type Currency,
  collectionView,
  DomainError,
  type PriceList,
  type Product,
  type ProductBundle,
  type ProductCard,
  subscriptionPrice,
  type Variant,
} from "@storefront/domain";
import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import { type Database, selectRows } from "../../db/index.ts";
// biome-ignore lint/style/noRestrictedImports: the product cards' ratings are one statement on the product pages; reviews read the catalogue (products by handle), so catalog cannot import reviews' face without a cycle.
import { reviews } from "../../db/schema.ts";
import { AnswerCache } from "../../lib/answer-cache.ts";
import { planView, readPlans } from "./plans.ts";
import {
  bundleChoices,
  collectionProducts,
  collections,
  productImages,
  products,
  sellableStock,
  sellingPrice,
  variantPrices,
  variants,
} from "./schema.ts";

/** What a card shows beyond its product's id, handle and title; null: no price in the currency. */
interface CardParts {
  amount: number;
  in_stock: boolean;
  url: string | null;
  alt: string | null;
  reviews: number | null;
  rating_sum: number | null;
}

/** Each product's card parts, in the order of `ids`, priced in `currency` at the price list's. */
async function readCardParts(
  db: Database,
  storeId: string,
  ids: readonly string[],
  currency: Currency,
  priceList: PriceList,
): Promise<(CardParts | null)[]> {
  if (ids.length === 0) return [];
  // One statement for the three parts (on the embedded database each statement costs about a
  // millisecond before it reads anything); the ids travel as one parameter, whatever their count.
  const parts = await selectRows<CardParts & { id: string }>(
    db,
    sql`
    select wanted.id, priced.amount, priced.in_stock, pictured.url, pictured.alt,
      rated.reviews, rated.rating_sum
    from unnest(string_to_array(${ids.join(",")}, ',')::uuid[]) as wanted(id)
    cross join lateral (
      select min(${sellingPrice(isTrade(priceList))})::int as amount,
        bool_or(${sellableStock} > 0) as in_stock
      from ${variants}
      join ${variantPrices} on ${variantPrices.variantId} = ${variants.id}
        and ${variantPrices.currency} = ${currency}
      where ${variants.storeId} = ${storeId} and ${variants.productId} = wanted.id
    ) priced
    left join lateral (
      select ${productImages.url} as url, ${productImages.alt} as alt
      from ${productImages}
      where ${productImages.storeId} = ${storeId} and ${productImages.productId} = wanted.id
      order by ${productImages.position}
      limit 1
    ) pictured on true
    cross join lateral (
      select count(*)::int as reviews, sum(${reviews.rating})::int as rating_sum
      from ${reviews}
      where ${reviews.storeId} = ${storeId} and ${reviews.productId} = wanted.id
        and not ${reviews.hidden}
    ) rated
    where priced.amount is not null`,
  );
  const partsOf = new Map(parts.map((part) => [part.id, part]));
  return ids.map((id) => partsOf.get(id) ?? null);
}

type CardRow = { id: string; handle: string; title: string };

/** The cards of the rows that have parts (a product with no price in the currency is not listed). */
function cardsOf(
  rows: readonly CardRow[],
  parts: readonly (CardParts | null)[],
  currency: Currency,
) {
  return rows.flatMap((row, i): ProductCard[] => {
    const part = parts[i];
    if (!part) return [];
    return [
      {
        id: row.id,
        handle: row.handle,
        product_title: row.title,
        currency,
        product_price: part.amount,
        image_url: part.url,
        image_alt: part.alt ?? row.title,
        in_stock: part.in_stock,
        review_average: part.reviews ? averageRating(part.rating_sum ?? 0, part.reviews) : 0,
        review_count: part.reviews ?? 0,
      },
    ];
  });
}

/**
 * Cards for the given products in the given order, priced in `currency` (lowest variant) at the
 * price list's prices.
 */
export async function productCards(
  db: Database,
  storeId: string,
  rows: CardRow[],
  currency: Currency,
  priceList: PriceList = "retail",
): Promise<ProductCard[]> {
  const ids = rows.map((r) => r.id);
  return cardsOf(rows, await readCardParts(db, storeId, ids, currency, priceList), currency);
}

/**
 * `productCards` with each product's parts reused as catalogue answers are (CATALOG_TTL_MS, or
 * until the catalogue changes). For answers of a few cards to many different queries (search),
 * most of whose products were just shown to another query: only the products not held are read,
 * in one statement.
 */
export async function reusedProductCards(
  db: Database,
  storeId: string,
  rows: CardRow[],
  currency: Currency,
  priceList: PriceList = "retail",
): Promise<ProductCard[]> {
  const parts = await catalogAnswers.getMany(
    db,
    rows.map((r) => `card|${storeId}|${currency}|${priceList}|${r.id}`),
    (missing) =>
      readCardParts(
        db,
        storeId,
        missing.map((i) => rows[i]?.id ?? ""),
        currency,
        priceList,
      ),
  );
  return cardsOf(rows, parts, currency);
}

async function readProducts(
  db: Database,
  storeId: string,
  currency: Currency,
  priceList: PriceList,
): Promise<ProductCard[]> {
  const rows = await db
    .select({ id: products.id, handle: products.handle, title: products.title })
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.published, true)))
    .orderBy(asc(products.position), asc(products.title));
  return productCards(db, storeId, rows, currency, priceList);
}

/** A collection with every product it lists, before the shopper's sort and filters. */
interface CollectionRead {
  handle: string;
  title: string;
  description: string;
  entries: CollectionEntry[];
}

async function readCollection(
  db: Database,
  storeId: string,
  handle: string,
  currency: Currency,
  priceList: PriceList,
): Promise<CollectionRead> {
  const [collection] = await db
    .select()
    .from(collections)
    .where(and(eq(collections.storeId, storeId), eq(collections.handle, handle)));
  if (!collection) throw new DomainError("not_found", CATALOG_MESSAGES.collectionNotFound);
  const rows = await db
    .select({
      id: products.id,
      handle: products.handle,
      title: products.title,
      tags: products.tags,
      createdAt: products.createdAt,
      position: collectionProducts.position,
    })
    .from(collectionProducts)
    .innerJoin(products, eq(products.id, collectionProducts.productId))
    .where(
      and(
        eq(collectionProducts.collectionId, collection.id),
        eq(products.storeId, storeId),
        eq(products.published, true),
      ),
    )
    .orderBy(asc(collectionProducts.position), asc(products.title));
  const cards = await productCards(db, storeId, rows, currency, priceList);
  return {
    handle: collection.handle,
    title: collection.title,
    description: collection.description,
    entries: cards.flatMap((card, position) => {
      const row = rows.find((r) => r.id === card.id);
      return row ? [{ card, tags: row.tags, position, createdAt: row.createdAt.getTime() }] : [];
    }),
  };
}

async function readProduct(
  db: Database,
  storeId: string,
  handle: string,
  currency: Currency,
  priceList: PriceList,
): Promise<Product> {
  const [product] = await db
    .select()
    .from(products)
    .where(
      and(eq(products.storeId, storeId), eq(products.handle, handle), eq(products.published, true)),
    );
  if (!product) throw new DomainError("not_found", CATALOG_MESSAGES.productNotFound);
  // Three round trips: the images, every variant with its prices (left join: one row per
  // price), and the subscription plans.
  const [images, rows, plans] = await Promise.all([
    db
      .select({ url: productImages.url })
      .from(productImages)
      .where(and(eq(productImages.storeId, storeId), eq(productImages.productId, product.id)))
      .orderBy(asc(productImages.position)),
    db
      .select({
        variant: variants,
        stock: sellableStock,
        currency: variantPrices.currency,
        amount: sellingPrice(isTrade(priceList)),
      })
      .from(variants)
      .leftJoin(variantPrices, eq(variantPrices.variantId, variants.id))
      .where(and(eq(variants.storeId, storeId), eq(variants.productId, product.id)))
      .orderBy(asc(variants.position)),
    readPlans(db, storeId, [product.id]),
  ]);
  const variantRows = [
    ...new Map(rows.map((r) => [r.variant.id, { ...r.variant, stock: r.stock }])).values(),
  ];
  const priceRows = rows.flatMap((r) =>
    r.currency !== null && r.amount !== null
      ? [{ variantId: r.variant.id, currency: r.currency, amount: r.amount }]
      : [],
  );
  const sellable: Variant[] = [];
  for (const v of variantRows) {
    const prices = Object.fromEntries(
      priceRows.filter((p) => p.variantId === v.id).map((p) => [p.currency, p.amount]),
    ) as Variant["prices"];
    const price = prices[currency];
    if (price === undefined) continue;
    sellable.push({
      sku: v.sku,
      product_attributes: v.attributes,
      product_price: price,
      prices,
      image_urls: v.imageUrls,
      total_stock: v.stock,
      requires_shipping: v.requiresShipping,
      subscriptions: plans.map((plan) => ({
        subscription_id: plan.code,
        subscription_price: subscriptionPrice(price, plan.discountPercentage),
      })),
    });
  }
  if (sellable.length === 0) throw new DomainError("not_found", CATALOG_MESSAGES.productNotFound);
  const bundleVariant = variantRows.find((v) => v.bundleSlots !== null);
  const bundle = bundleVariant
    ? await readBundle(db, storeId, bundleVariant, currency, priceList)
    : null;
  const variantList: Record<string, string[]> = {};
  for (const v of sellable) {
    for (const [name, value] of Object.entries(v.product_attributes)) {
      const options = variantList[name] ?? [];
      if (!options.includes(value)) options.push(value);
      variantList[name] = options;
    }
  }
  return {
    id: product.id,
    handle: product.handle,
    product_title: product.title,
    description_html: product.descriptionHtml,
    meta_description: product.metaDescription,
    currency,
    product_price: Math.min(...sellable.map((v) => v.product_price)),
    product_urls: images.map((i) => i.url),
    variant_list: variantList,
    variants: sellable,
    subscription_plans: plans.map(planView),
    bundle,
  };
}

/**
 * A bundle's slots and the variants that may fill them (published, priced in `currency`), in the
 * store's order: one more round trip, for a bundle only.
 */
async function readBundle(
  db: Database,
  storeId: string,
  bundle: { id: string; bundleSlots: number | null },
  currency: Currency,
  priceList: PriceList,
): Promise<ProductBundle> {
  const choices = await db
    .select({
      sku: variants.sku,
      handle: products.handle,
      title: products.title,
      attributes: variants.attributes,
      imageUrls: variants.imageUrls,
      price: sellingPrice(isTrade(priceList)),
      stock: sellableStock,
    })
    .from(bundleChoices)
    .innerJoin(variants, eq(variants.id, bundleChoices.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .innerJoin(
      variantPrices,
      and(eq(variantPrices.variantId, variants.id), eq(variantPrices.currency, currency)),
    )
    .where(
      and(
        eq(bundleChoices.storeId, storeId),
        eq(bundleChoices.bundleVariantId, bundle.id),
        eq(products.storeId, storeId),
        eq(products.published, true),
      ),
    )
    .orderBy(asc(bundleChoices.position), asc(variants.sku));
  return {
    slots: bundle.bundleSlots ?? 0,
    choices: choices.flatMap(({ imageUrls, price, stock, ...choice }) =>
      price === null
        ? []
        : [{ ...choice, image_url: imageUrls[0] ?? null, price, total_stock: stock }],
    ),
  };
}

// Catalogue pages are read far more often than products change: an answer is reused for
// CATALOG_TTL_MS per instance. Stock shown on a page may lag by that much; a purchase always
// checks stock in the database inside its transaction.
const CATALOG_TTL_MS = 2_000;
// Room for the pages' answers and for the card parts of a few seconds of searches (keys "card|").
const catalogAnswers = new AnswerCache("catalog", 5_000, CATALOG_TTL_MS);

/**
 * Drops every reused catalogue answer (on every instance), for a writer that must see its change
 * in the next read; the database's own notice (migration 0018) does it too, once it arrives.
 */
export function forgetCatalogAnswers(db: Database): void {
  catalogAnswers.clear(db);
}

function cached<T>(db: Database, key: string, read: () => Promise<T>): Promise<T> {
  return catalogAnswers.get(db, key, read);
}

// A product's price on a card or its page is its selling price: retail, or for a trade
// account the trade price (the price list is part of every cached answer's key).
function isTrade(priceList: PriceList): SQL {
  return priceList === "trade" ? sql`true` : sql`false`;
}

export function listProducts(
  db: Database,
  storeId: string,
  currency: Currency,
  priceList: PriceList = "retail",
) {
  return cached(db, `products ${storeId} ${currency} ${priceList}`, () =>
    readProducts(db, storeId, currency, priceList),
  );
}

/** A collection in the shopper's order and filters; the unsorted read is what is cached. */
export async function getCollection(
  db: Database,
  storeId: string,
  handle: string,
  currency: Currency,
  query: CollectionQuery,
  priceList: PriceList = "retail",
): Promise<CollectionView> {
  const { entries, ...collection } = await cached(
    db,
    `collection ${storeId} ${handle} ${currency} ${priceList}`,
    () => readCollection(db, storeId, handle, currency, priceList),
  );
  return { ...collection, currency, ...collectionView(entries, query) };
}

export function getProduct(
  db: Database,
  storeId: string,
  handle: string,
  currency: Currency,
  priceList: PriceList = "retail",
) {
  return cached(db, `product ${storeId} ${handle} ${currency} ${priceList}`, () =>
    readProduct(db, storeId, handle, currency, priceList),
  );
}
