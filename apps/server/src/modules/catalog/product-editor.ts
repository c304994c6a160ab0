import {
  type AdminProductDetail,
  type AdminProductImage,
  type BundleInput,
  ADMIN_CATALOG_MESSAGES as CM,
  DomainError,
  PRODUCT_EDIT_MESSAGES as M,
  type ProductInput,
  type ProductTag,
  type VariantInput,
} from "@storefront/domain";
import { and, asc, eq, inArray, ne, notInArray, sql } from "drizzle-orm";
import { type Database, readTogether, selectRows, type Transaction } from "../../db/index.ts";
import {
  bundleChoices,
  collectionProducts,
  collections,
  productImages,
  products,
  stores,
  subscriptionPlans,
  subscriptions,
  variantPrices,
  variants,
} from "../../db/schema.ts";
import { type AdminActor, audit } from "../../lib/audit.ts";
import { violatedUnique } from "../../lib/db-errors.ts";
import { sanitizeHtml } from "../../lib/sanitize.ts";
import { forgetCatalogAnswers } from "./service.ts";

/** A product as its editor shows it; 404 for another store's or none. */
export async function readProductDetail(
  db: Database | Transaction,
  storeId: string,
  productId: string,
): Promise<AdminProductDetail> {
  const [product] = await db
    .select()
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.id, productId)));
  if (!product) throw new DomainError("not_found", CM.productNotFound);
  const [variantRows, priceRows, planRows, imageRows, inCollections, choiceRows] =
    await readTogether(db, [
      () =>
        db
          .select()
          .from(variants)
          .where(eq(variants.productId, productId))
          .orderBy(asc(variants.position), asc(variants.sku)),
      () =>
        db
          .select({
            variantId: variantPrices.variantId,
            currency: variantPrices.currency,
            amount: variantPrices.amount,
          })
          .from(variantPrices)
          .innerJoin(variants, eq(variants.id, variantPrices.variantId))
          .where(eq(variants.productId, productId))
          .orderBy(asc(variantPrices.currency)),
      () =>
        db
          .select()
          .from(subscriptionPlans)
          .where(eq(subscriptionPlans.productId, productId))
          .orderBy(asc(subscriptionPlans.position)),
      () =>
        db
          .select()
          .from(productImages)
          .where(eq(productImages.productId, productId))
          .orderBy(asc(productImages.position)),
      () =>
        db
          .select({ id: collectionProducts.collectionId })
          .from(collectionProducts)
          .where(eq(collectionProducts.productId, productId)),
      () =>
        db
          .select({ sku: variants.sku })
          .from(bundleChoices)
          .innerJoin(variants, eq(variants.id, bundleChoices.variantId))
          .where(
            inArray(
              bundleChoices.bundleVariantId,
              db
                .select({ id: variants.id })
                .from(variants)
                .where(eq(variants.productId, productId)),
            ),
          )
          .orderBy(asc(bundleChoices.position), asc(variants.sku)),
    ]);
  const slots = variantRows.find((v) => v.bundleSlots !== null)?.bundleSlots ?? null;
  return {
    id: product.id,
    title: product.title,
    handle: product.handle,
    descriptionHtml: product.descriptionHtml,
    metaDescription: product.metaDescription,
    tags: product.tags,
    collectionIds: inCollections.map((c) => c.id),
    published: product.published,
    bundle: slots === null ? null : { slots, choices: choiceRows.map((c) => c.sku) },
    variants: variantRows.map((v) => ({
      id: v.id,
      sku: v.sku,
      attributes: v.attributes,
      prices: priceRows
        .filter((p) => p.variantId === v.id)
        .map(({ currency, amount }) => ({ currency, amount })),
      stock: v.stock,
      requiresShipping: v.requiresShipping,
    })),
    plans: planRows.map((p) => ({
      code: p.code,
      label: p.label,
      interval: p.interval,
      intervalCount: p.intervalCount,
      discountPercentage: p.discountPercentage,
    })),
    images: imageRows.map(imageView),
  };
}

export function imageView(row: typeof productImages.$inferSelect): AdminProductImage {
  return { id: row.id, url: row.url, alt: row.alt, width: row.width, height: row.height };
}

/** A handle or SKU another product of the store has: 409 naming it (the checks race-free below). */
function conflictOf(err: unknown, input: ProductInput): DomainError | null {
  const constraint = violatedUnique(err);
  if (constraint === null) return null;
  if (constraint === "products_store_handle") {
    return new DomainError("conflict", M.handleTaken, { handle: M.handleTaken });
  }
  const sku = input.variants[0]?.sku ?? "";
  return new DomainError("conflict", M.skuTaken(sku), { variants: M.skuTaken(sku) });
}

async function refuseTaken(
  tx: Transaction,
  storeId: string,
  input: ProductInput,
  productId: string | null,
): Promise<void> {
  const notThis = productId ? ne(products.id, productId) : undefined;
  const [handle] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.handle, input.handle), notThis));
  if (handle) throw new DomainError("conflict", M.handleTaken, { handle: M.handleTaken });
  const skus = input.variants.map((v) => v.sku);
  const [sku] = await tx
    .select({ sku: variants.sku })
    .from(variants)
    .where(
      and(
        eq(variants.storeId, storeId),
        inArray(variants.sku, skus),
        productId ? ne(variants.productId, productId) : undefined,
      ),
    )
    .limit(1);
  if (sku) {
    const message = M.skuTaken(sku.sku);
    throw new DomainError("conflict", message, { variants: message });
  }
  if (input.collectionIds.length > 0) {
    const known = await tx
      .select({ id: collections.id })
      .from(collections)
      .where(and(eq(collections.storeId, storeId), inArray(collections.id, input.collectionIds)));
    if (known.length !== input.collectionIds.length) {
      throw new DomainError("invalid", M.unknownCollections, {
        collectionIds: M.unknownCollections,
      });
    }
  }
}

/**
 * The tags as the store already names them: a tag labelled as one of the store's (same facet,
 * same label whatever its case) takes that tag's value, so "Dogs" stays the `dog` the store's
 * menus and filters use (?pet=dog), whatever value the editor made of the label.
 */
async function inStoreTerms(
  tx: Transaction,
  storeId: string,
  tags: readonly ProductTag[],
): Promise<ProductTag[]> {
  if (tags.length === 0) return [];
  const rows = await selectRows<{ facet: string; value: string; label: string }>(
    tx as unknown as Database,
    sql`select distinct t ->> 'facet' as facet, t ->> 'value' as value, t ->> 'label' as label
      from ${products}, jsonb_array_elements(${products.tags}) t
      where ${products.storeId} = ${storeId}`,
  );
  const named = tags.map((tag) => {
    const same = rows.find(
      (k) => k.facet === tag.facet && k.label.toLowerCase() === tag.label.toLowerCase(),
    );
    return same ? { ...tag, value: same.value, label: same.label } : tag;
  });
  // Two labels that name one tag are one tag.
  return named.filter(
    (tag, i) => named.findIndex((t) => t.facet === tag.facet && t.value === tag.value) === i,
  );
}

/** The product's own columns from the editor's input; the description sanitised like content. */
function productColumns(input: ProductInput, tags: ProductTag[]) {
  return {
    title: input.title,
    handle: input.handle,
    descriptionHtml: sanitizeHtml(input.descriptionHtml),
    metaDescription: input.metaDescription,
    tags,
    published: input.published,
    updatedAt: new Date(),
  };
}

async function writeVariant(
  tx: Transaction,
  storeId: string,
  productId: string,
  variant: VariantInput,
  position: number,
  bundleSlots: number | null,
): Promise<string> {
  const columns = {
    sku: variant.sku,
    attributes: variant.attributes,
    requiresShipping: variant.requiresShipping,
    position,
    bundleSlots,
  };
  let variantId = variant.id;
  if (variantId) {
    // The stock only if it is still what the admin saw: an order in between is never overwritten.
    const [row] = await tx
      .update(variants)
      .set({
        ...columns,
        stock: sql`case when ${variants.stock} = ${variant.expectedStock ?? -1} then ${variant.stock} else ${variants.stock} end`,
      })
      .where(and(eq(variants.id, variantId), eq(variants.productId, productId)))
      .returning({ stock: variants.stock, shipped: variants.requiresShipping });
    if (!row) {
      throw new DomainError("invalid", M.notTheProductsVariant, {
        variants: M.notTheProductsVariant,
      });
    }
    if (row.shipped && row.stock !== variant.stock) {
      const message = CM.stockChanged(row.stock);
      throw new DomainError("conflict", message, { variants: message });
    }
  } else {
    const [row] = await tx
      .insert(variants)
      .values({ ...columns, storeId, productId, stock: variant.stock })
      .returning({ id: variants.id });
    variantId = row?.id;
    if (!variantId) throw new Error("the variant was not written");
  }
  for (const price of variant.prices) {
    await tx
      .insert(variantPrices)
      .values({ storeId, variantId, currency: price.currency, amount: price.amount })
      .onConflictDoUpdate({
        target: [variantPrices.variantId, variantPrices.currency],
        set: { amount: price.amount },
      });
  }
  return variantId;
}

/** Subscriptions still to be delivered (active or paused) of these variants or plans. */
async function liveSubscriptionOf(
  tx: Transaction,
  where: ReturnType<typeof inArray>,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(where, ne(subscriptions.status, "cancelled")))
    .limit(1);
  return row !== undefined;
}

async function writeVariants(
  tx: Transaction,
  storeId: string,
  productId: string,
  input: ProductInput,
): Promise<void> {
  const kept = input.variants.flatMap((v) => (v.id ? [v.id] : []));
  const removed = await tx
    .select({ id: variants.id, sku: variants.sku })
    .from(variants)
    .where(
      and(
        eq(variants.productId, productId),
        kept.length > 0 ? notInArray(variants.id, kept) : undefined,
      ),
    );
  for (const variant of removed) {
    if (await liveSubscriptionOf(tx, inArray(subscriptions.variantId, [variant.id]))) {
      const message = M.variantSubscribed(variant.sku);
      throw new DomainError("conflict", message, { variants: message });
    }
  }
  if (removed.length > 0) {
    await tx.delete(variants).where(
      inArray(
        variants.id,
        removed.map((v) => v.id),
      ),
    );
  }
  // SKUs move between a product's variants in one save: the old ones are freed first.
  await tx
    .update(variants)
    .set({ sku: sql`${variants.sku} || '~' || ${variants.id}` })
    .where(eq(variants.productId, productId));
  for (const [position, variant] of input.variants.entries()) {
    const variantId = await writeVariant(
      tx,
      storeId,
      productId,
      variant,
      position,
      input.bundle?.slots ?? null,
    );
    if (input.bundle) await writeBundleChoices(tx, storeId, productId, variantId, input.bundle);
  }
}

/**
 * A bundle's choices, in the order given: variants of the store's other products that are not
 * bundles themselves; a SKU that is not one is a 400 naming it.
 */
async function writeBundleChoices(
  tx: Transaction,
  storeId: string,
  productId: string,
  bundleVariantId: string,
  bundle: BundleInput,
): Promise<void> {
  const found = await tx
    .select({ id: variants.id, sku: variants.sku })
    .from(variants)
    .where(
      and(
        eq(variants.storeId, storeId),
        inArray(variants.sku, bundle.choices),
        ne(variants.productId, productId),
        sql`${variants.bundleSlots} is null`,
      ),
    );
  const idOf = new Map(found.map((v) => [v.sku, v.id]));
  const unknown = bundle.choices.filter((sku) => !idOf.has(sku));
  if (unknown.length > 0) {
    const message = M.unknownChoices(unknown);
    throw new DomainError("invalid", message, { "bundle.choices": message });
  }
  await tx.delete(bundleChoices).where(eq(bundleChoices.bundleVariantId, bundleVariantId));
  await tx.insert(bundleChoices).values(
    bundle.choices.map((sku, position) => ({
      storeId,
      bundleVariantId,
      variantId: idOf.get(sku) as string,
      position,
    })),
  );
}

async function writePlans(
  tx: Transaction,
  storeId: string,
  productId: string,
  input: ProductInput,
): Promise<void> {
  const codes = input.plans.map((p) => p.code);
  const removed = await tx
    .select({ id: subscriptionPlans.id, code: subscriptionPlans.code })
    .from(subscriptionPlans)
    .where(
      and(
        eq(subscriptionPlans.productId, productId),
        codes.length > 0 ? notInArray(subscriptionPlans.code, codes) : undefined,
      ),
    );
  for (const plan of removed) {
    if (await liveSubscriptionOf(tx, inArray(subscriptions.planId, [plan.id]))) {
      const message = M.planInUse(plan.code);
      throw new DomainError("conflict", message, { plans: message });
    }
  }
  if (removed.length > 0) {
    await tx.delete(subscriptionPlans).where(
      inArray(
        subscriptionPlans.id,
        removed.map((p) => p.id),
      ),
    );
  }
  for (const [position, plan] of input.plans.entries()) {
    await tx
      .insert(subscriptionPlans)
      .values({ ...plan, storeId, productId, position })
      .onConflictDoUpdate({
        target: [subscriptionPlans.productId, subscriptionPlans.code],
        set: {
          label: plan.label,
          interval: plan.interval,
          intervalCount: plan.intervalCount,
          discountPercentage: plan.discountPercentage,
          position,
        },
      });
  }
}

async function writeCollections(
  tx: Transaction,
  productId: string,
  collectionIds: readonly string[],
): Promise<void> {
  await tx
    .delete(collectionProducts)
    .where(
      and(
        eq(collectionProducts.productId, productId),
        collectionIds.length > 0
          ? notInArray(collectionProducts.collectionId, [...collectionIds])
          : undefined,
      ),
    );
  for (const collectionId of collectionIds) {
    // A collection the product joins lists it last; one it was in keeps its place.
    await tx
      .insert(collectionProducts)
      .values({
        collectionId,
        productId,
        position: sql`(select coalesce(max(${collectionProducts.position}) + 1, 0) from ${collectionProducts} where ${collectionProducts.collectionId} = ${collectionId})`,
      })
      .onConflictDoNothing();
  }
}

/** A variant without a price in a currency the store sells in is a 400 naming them. */
async function refuseUnpriced(tx: Transaction, storeId: string, input: ProductInput) {
  const [store] = await tx
    .select({ currencies: stores.currencies })
    .from(stores)
    .where(eq(stores.id, storeId));
  const sold = store?.currencies ?? [];
  const unpriced = input.variants.some((v) =>
    sold.some((c) => !v.prices.some((p) => p.currency === c)),
  );
  if (unpriced) {
    const message = M.pricesFor(sold);
    throw new DomainError("invalid", message, { variants: message });
  }
}

/**
 * Creates a product with its variants, prices, plans and collections in one transaction,
 * unpublished unless asked; a handle or SKU another product of the store has is a 409.
 */
export async function createProduct(
  db: Database,
  storeId: string,
  input: ProductInput,
  actor: AdminActor,
): Promise<AdminProductDetail> {
  return db
    .transaction(async (tx) => {
      await refuseUnpriced(tx, storeId, input);
      await refuseTaken(tx, storeId, input, null);
      const [row] = await tx
        .insert(products)
        .values({
          ...productColumns(input, await inStoreTerms(tx, storeId, input.tags)),
          storeId,
          position: sql`(select coalesce(max(${products.position}) + 1, 0) from ${products} where ${products.storeId} = ${storeId})`,
        })
        .returning({ id: products.id });
      if (!row) throw new Error("the product was not written");
      await writeVariants(tx, storeId, row.id, input);
      await writePlans(tx, storeId, row.id, input);
      await writeCollections(tx, row.id, input.collectionIds);
      await audit(tx, storeId, actor, {
        action: "product.create",
        target: `product ${input.handle}`,
        before: null,
        after: { title: input.title, skus: input.variants.map((v) => v.sku) },
      });
      return readProductDetail(tx, storeId, row.id);
    })
    .then(shownAtOnce(db))
    .catch((err: unknown) => {
      throw conflictOf(err, input) ?? err;
    });
}

/**
 * Saves the whole product as its editor shows it: text, tags, collections, published, variants
 * (existing ones by id, with the stock as the admin saw it; new ones without; those left out
 * removed unless subscribed) and plans (by code). Another store's product is a 404.
 */
export async function updateProduct(
  db: Database,
  storeId: string,
  productId: string,
  input: ProductInput,
  actor: AdminActor,
): Promise<AdminProductDetail> {
  return db
    .transaction(async (tx) => {
      const [before] = await tx
        .select({ handle: products.handle, title: products.title })
        .from(products)
        .where(and(eq(products.storeId, storeId), eq(products.id, productId)))
        .for("update");
      if (!before) throw new DomainError("not_found", CM.productNotFound);
      const [bundle] = await tx
        .select({ id: variants.id })
        .from(variants)
        .where(and(eq(variants.productId, productId), sql`${variants.bundleSlots} is not null`))
        .limit(1);
      // A bundle's lines, orders and subscriptions hold its one variant as a bundle: it stays one.
      if ((bundle !== undefined) !== (input.bundle !== null)) {
        throw new DomainError("invalid", M.bundleKind, { bundle: M.bundleKind });
      }
      await refuseUnpriced(tx, storeId, input);
      await refuseTaken(tx, storeId, input, productId);
      const tags = await inStoreTerms(tx, storeId, input.tags);
      await tx.update(products).set(productColumns(input, tags)).where(eq(products.id, productId));
      await writeVariants(tx, storeId, productId, input);
      await writePlans(tx, storeId, productId, input);
      await writeCollections(tx, productId, input.collectionIds);
      await audit(tx, storeId, actor, {
        action: "product.update",
        target: `product ${input.handle}`,
        before,
        after: { handle: input.handle, title: input.title },
      });
      return readProductDetail(tx, storeId, productId);
    })
    .then(shownAtOnce(db))
    .catch((err: unknown) => {
      throw conflictOf(err, input) ?? err;
    });
}

/**
 * After a product's change, the next read of this instance shows it (the database's notice
 * empties every instance's catalogue answers too, once it arrives).
 */
function shownAtOnce(db: Database) {
  return <T>(saved: T): T => {
    forgetCatalogAnswers(db);
    return saved;
  };
}
