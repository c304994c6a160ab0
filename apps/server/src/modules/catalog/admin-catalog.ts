import {
  ADMIN_CATALOG_LIMITS,
  type AdminCollectionList,
  type AdminProduct,
  type AdminProductList,
  type AdminProductQuery,
  ADMIN_COLLECTION_MESSAGES as CM,
  type Currency,
  DomainError,
  ADMIN_CATALOG_MESSAGES as M,
  type VariantUpdate,
} from "@storefront/domain";
import { and, asc, eq, ilike, inArray, lte, or, type SQL, sql } from "drizzle-orm";
import { type Database, likeContaining } from "../../db/index.ts";
import { type AdminActor, audit } from "../../lib/audit.ts";
import { collectionProducts, collections, products, variantPrices, variants } from "./schema.ts";

/** A shipped, non-bundle variant at or under the low-stock line. */
const lowStockVariant = and(
  eq(variants.requiresShipping, true),
  sql`${variants.bundleSlots} is null`,
  lte(variants.stock, ADMIN_CATALOG_LIMITS.lowStock),
);

/** A product as the admin's lists name it. */
const PRODUCT_SUMMARY = {
  id: products.id,
  handle: products.handle,
  title: products.title,
  published: products.published,
};

/**
 * The store's products (published or not) with every variant's stock and prices, in the
 * catalogue's order; searched by title, handle or SKU, or only those with a variant low in stock.
 */
export async function listAdminProducts(
  db: Database,
  storeId: string,
  query: AdminProductQuery,
): Promise<AdminProductList> {
  const conditions: (SQL | undefined)[] = [eq(products.storeId, storeId)];
  if (query.q) {
    const pattern = likeContaining(query.q);
    conditions.push(
      or(
        ilike(products.title, pattern),
        ilike(products.handle, pattern),
        sql`exists (select 1 from ${variants} where ${variants.productId} = ${products.id} and ${variants.sku} ilike ${pattern})`,
      ),
    );
  }
  if (query.lowStock) {
    conditions.push(
      sql`exists (select 1 from ${variants} where ${variants.productId} = ${products.id} and ${lowStockVariant})`,
    );
  }
  const where = and(...conditions);
  const perPage = ADMIN_CATALOG_LIMITS.perPage;
  const [rows, [counted]] = await Promise.all([
    db
      .select(PRODUCT_SUMMARY)
      .from(products)
      .where(where)
      .orderBy(asc(products.position), asc(products.title))
      .limit(perPage)
      .offset((query.page - 1) * perPage),
    db.select({ total: sql<number>`count(*)::int` }).from(products).where(where),
  ]);
  const ids = rows.map((r) => r.id);
  const variantRows =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(variants)
          .where(and(eq(variants.storeId, storeId), inArray(variants.productId, ids)))
          .orderBy(asc(variants.position), asc(variants.sku));
  const priceRows =
    variantRows.length === 0
      ? []
      : await db
          .select()
          .from(variantPrices)
          .where(
            and(
              eq(variantPrices.storeId, storeId),
              inArray(
                variantPrices.variantId,
                variantRows.map((v) => v.id),
              ),
            ),
          )
          .orderBy(asc(variantPrices.currency));
  const products_: AdminProduct[] = rows.map((product) => ({
    ...product,
    variants: variantRows
      .filter((v) => v.productId === product.id)
      .map((v) => ({
        id: v.id,
        sku: v.sku,
        attributes: v.attributes,
        stock: v.stock,
        requiresShipping: v.requiresShipping,
        bundle: v.bundleSlots !== null,
        prices: priceRows
          .filter((p) => p.variantId === v.id)
          .map((p) => ({ currency: p.currency, amount: p.amount })),
      })),
  }));
  return { products: products_, total: counted?.total ?? 0, page: query.page, perPage };
}

/**
 * Changes a variant's prices and stock, audited. The stock is changed only if it is still what
 * the admin saw (`expected`): a checkout that took some in between makes it a 409 with the stock
 * now, so an admin's edit never undoes a sale; checkouts' own guarded updates never go below 0.
 */
export async function updateVariant(
  db: Database,
  storeId: string,
  variantId: string,
  update: VariantUpdate,
  actor: AdminActor,
): Promise<{ sku: string; stock: number; prices: { currency: Currency; amount: number }[] }> {
  return db.transaction(async (tx) => {
    const [variant] = await tx
      .select()
      .from(variants)
      .where(and(eq(variants.storeId, storeId), eq(variants.id, variantId)));
    if (!variant) throw new DomainError("not_found", M.variantNotFound);
    const before = await tx
      .select({ currency: variantPrices.currency, amount: variantPrices.amount })
      .from(variantPrices)
      .where(eq(variantPrices.variantId, variant.id))
      .orderBy(asc(variantPrices.currency));
    let stock = variant.stock;
    if (update.stock) {
      if (variant.bundleSlots !== null) throw new DomainError("conflict", M.bundleStock);
      if (!variant.requiresShipping) throw new DomainError("conflict", M.notShipped);
      const [changed] = await tx
        .update(variants)
        .set({ stock: update.stock.value })
        .where(and(eq(variants.id, variant.id), eq(variants.stock, update.stock.expected)))
        .returning({ stock: variants.stock });
      if (!changed) {
        const [now] = await tx
          .select({ stock: variants.stock })
          .from(variants)
          .where(eq(variants.id, variant.id));
        const message = M.stockChanged(now?.stock ?? 0);
        throw new DomainError("conflict", message, { stock: message });
      }
      stock = changed.stock;
    }
    for (const price of update.prices ?? []) {
      await tx
        .insert(variantPrices)
        .values({ storeId, variantId: variant.id, currency: price.currency, amount: price.amount })
        .onConflictDoUpdate({
          target: [variantPrices.variantId, variantPrices.currency],
          set: { amount: price.amount },
        });
    }
    if (update.prices?.length) {
      // The product's page shows the new price: search engines are told it changed.
      await tx
        .update(products)
        .set({ updatedAt: new Date() })
        .where(eq(products.id, variant.productId));
    }
    const prices = await tx
      .select({ currency: variantPrices.currency, amount: variantPrices.amount })
      .from(variantPrices)
      .where(eq(variantPrices.variantId, variant.id))
      .orderBy(asc(variantPrices.currency));
    await audit(tx, storeId, actor, {
      action: "variant.update",
      target: `variant ${variant.sku}`,
      before: { stock: variant.stock, prices: before },
      after: { stock, prices },
    });
    return { sku: variant.sku, stock, prices };
  });
}

/** Publishes or hides a product (hidden: off the storefront, search and sitemap), audited. */
export async function setProductPublished(
  db: Database,
  storeId: string,
  productId: string,
  published: boolean,
  actor: AdminActor,
): Promise<{ id: string; published: boolean }> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ published: products.published, handle: products.handle })
      .from(products)
      .where(and(eq(products.storeId, storeId), eq(products.id, productId)))
      .for("update");
    if (!before) throw new DomainError("not_found", M.productNotFound);
    await tx
      .update(products)
      .set({ published, updatedAt: new Date() })
      .where(eq(products.id, productId));
    await audit(tx, storeId, actor, {
      action: published ? "product.publish" : "product.hide",
      target: `product ${before.handle}`,
      before: { published: before.published },
      after: { published },
    });
    return { id: productId, published };
  });
}

/** Each collection of the store with its products in their order, and every product to add. */
export async function listAdminCollections(
  db: Database,
  storeId: string,
): Promise<AdminCollectionList> {
  const [all, members, rows] = await Promise.all([
    db
      .select(PRODUCT_SUMMARY)
      .from(products)
      .where(eq(products.storeId, storeId))
      .orderBy(asc(products.title)),
    db
      .select({ collectionId: collectionProducts.collectionId, ...PRODUCT_SUMMARY })
      .from(collectionProducts)
      .innerJoin(products, eq(products.id, collectionProducts.productId))
      .where(eq(products.storeId, storeId))
      .orderBy(asc(collectionProducts.position), asc(products.title)),
    db
      .select({ id: collections.id, handle: collections.handle, title: collections.title })
      .from(collections)
      .where(eq(collections.storeId, storeId))
      .orderBy(asc(collections.title)),
  ]);
  return {
    collections: rows.map((c) => ({
      ...c,
      products: members
        .filter((m) => m.collectionId === c.id)
        .map(({ collectionId: _, ...p }) => p),
    })),
    products: all,
  };
}

/**
 * Replaces a collection's products with these, in this order (the storefront lists them so at
 * once: the database announces the change to every instance's cached pages), audited.
 */
export async function setCollectionProducts(
  db: Database,
  storeId: string,
  collectionId: string,
  productIds: readonly string[],
  actor: AdminActor,
): Promise<AdminCollectionList["collections"][number]> {
  return db.transaction(async (tx) => {
    const [collection] = await tx
      .select({ id: collections.id, handle: collections.handle, title: collections.title })
      .from(collections)
      .where(and(eq(collections.storeId, storeId), eq(collections.id, collectionId)))
      .for("update");
    if (!collection) throw new DomainError("not_found", CM.collectionNotFound);
    const chosen =
      productIds.length === 0
        ? []
        : await tx
            .select(PRODUCT_SUMMARY)
            .from(products)
            .where(and(eq(products.storeId, storeId), inArray(products.id, [...productIds])));
    if (chosen.length !== productIds.length) {
      throw new DomainError("invalid", CM.unknownProducts, { productIds: CM.unknownProducts });
    }
    const before = await tx
      .select({ handle: products.handle })
      .from(collectionProducts)
      .innerJoin(products, eq(products.id, collectionProducts.productId))
      .where(eq(collectionProducts.collectionId, collection.id))
      .orderBy(asc(collectionProducts.position), asc(products.title));
    await tx.delete(collectionProducts).where(eq(collectionProducts.collectionId, collection.id));
    if (productIds.length > 0) {
      await tx.insert(collectionProducts).values(
        productIds.map((productId, position) => ({
          collectionId: collection.id,
          productId,
          position,
        })),
      );
    }
    const ordered = productIds.flatMap((id) => chosen.filter((p) => p.id === id));
    await audit(tx, storeId, actor, {
      action: "collection.products",
      target: `collection ${collection.handle}`,
      before: { products: before.map((p) => p.handle) },
      after: { products: ordered.map((p) => p.handle) },
    });
    return { ...collection, products: ordered };
  });
}
