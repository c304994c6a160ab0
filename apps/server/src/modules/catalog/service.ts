import {
  averageRating,
  CATALOG_MESSAGES,
  type CollectionEntry,
  type CollectionQuery,
  type CollectionView,
  type Currency,
  collectionView,
  DomainError,
  type Product,
  type ProductCard,
  subscriptionPrice,
  type Variant,
} from "@storefront/domain";
import { and, asc, count, eq, inArray, sum } from "drizzle-orm";
import type { Database } from "../../db/index.ts";
import {
  collectionProducts,
  collections,
  productImages,
  products,
  reviews,
  sellableStock,
  variantPrices,
  variants,
} from "../../db/schema.ts";
import { AnswerCache } from "../../lib/answer-cache.ts";
import { planView, readPlans } from "../subscriptions/service.ts";

/** Cards for the given products in the given order, priced in `currency` (lowest variant). */
export async function productCards(
  db: Database,
  storeId: string,
  rows: { id: string; handle: string; title: string }[],
  currency: Currency,
): Promise<ProductCard[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [images, prices, ratings] = await Promise.all([
    db
      .select({
        productId: productImages.productId,
        url: productImages.url,
        alt: productImages.alt,
      })
      .from(productImages)
      .where(and(eq(productImages.storeId, storeId), inArray(productImages.productId, ids)))
      .orderBy(asc(productImages.position)),
    db
      .select({
        productId: variants.productId,
        amount: variantPrices.amount,
        stock: sellableStock,
      })
      .from(variants)
      .innerJoin(
        variantPrices,
        and(eq(variantPrices.variantId, variants.id), eq(variantPrices.currency, currency)),
      )
      .where(and(eq(variants.storeId, storeId), inArray(variants.productId, ids))),
    db
      .select({
        productId: reviews.productId,
        count: count(),
        sum: sum(reviews.rating).mapWith(Number),
      })
      .from(reviews)
      .where(
        and(
          eq(reviews.storeId, storeId),
          inArray(reviews.productId, ids),
          eq(reviews.hidden, false),
        ),
      )
      .groupBy(reviews.productId),
  ]);
  // Each product's rows by its id: a listing of a large catalogue is as many lookups as products.
  const pricesOf = new Map<string, (typeof prices)[number][]>();
  for (const price of prices) {
    const own = pricesOf.get(price.productId);
    if (own) own.push(price);
    else pricesOf.set(price.productId, [price]);
  }
  const imageOf = new Map<string, (typeof images)[number]>();
  for (const image of images)
    if (!imageOf.has(image.productId)) imageOf.set(image.productId, image);
  const ratingOf = new Map(ratings.map((r) => [r.productId, r]));
  return rows.flatMap((row) => {
    const own = pricesOf.get(row.id) ?? [];
    // A product with no price in this currency cannot be sold in it, so it is not listed.
    if (own.length === 0) return [];
    const image = imageOf.get(row.id);
    const rating = ratingOf.get(row.id);
    return [
      {
        id: row.id,
        handle: row.handle,
        product_title: row.title,
        currency,
        product_price: Math.min(...own.map((p) => p.amount)),
        image_url: image?.url ?? null,
        image_alt: image?.alt ?? row.title,
        in_stock: own.some((p) => p.stock > 0),
        review_average: rating ? averageRating(rating.sum, rating.count) : 0,
        review_count: rating?.count ?? 0,
      },
    ];
  });
}

async function readProducts(
  db: Database,
  storeId: string,
  currency: Currency,
): Promise<ProductCard[]> {
  const rows = await db
    .select({ id: products.id, handle: products.handle, title: products.title })
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.published, true)))
    .orderBy(asc(products.position), asc(products.title));
  return productCards(db, storeId, rows, currency);
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
  const cards = await productCards(db, storeId, rows, currency);
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
        amount: variantPrices.amount,
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
  };
}

// Catalogue pages are read far more often than products change: an answer is reused for
// CATALOG_TTL_MS per instance. Stock shown on a page may lag by that much; a purchase always
// checks stock in the database inside its transaction.
const CATALOG_TTL_MS = 2_000;
const catalogAnswers = new AnswerCache("catalog", 1_000, CATALOG_TTL_MS);

function cached<T>(db: Database, key: string, read: () => Promise<T>): Promise<T> {
  return catalogAnswers.get(db, key, read);
}

export function listProducts(db: Database, storeId: string, currency: Currency) {
  return cached(db, `products ${storeId} ${currency}`, () => readProducts(db, storeId, currency));
}

/** A collection in the shopper's order and filters; the unsorted read is what is cached. */
export async function getCollection(
  db: Database,
  storeId: string,
  handle: string,
  currency: Currency,
  query: CollectionQuery,
): Promise<CollectionView> {
  const { entries, ...collection } = await cached(
    db,
    `collection ${storeId} ${handle} ${currency}`,
    () => readCollection(db, storeId, handle, currency),
  );
  return { ...collection, currency, ...collectionView(entries, query) };
}

export function getProduct(db: Database, storeId: string, handle: string, currency: Currency) {
  return cached(db, `product ${storeId} ${handle} ${currency}`, () =>
    readProduct(db, storeId, handle, currency),
  );
}
