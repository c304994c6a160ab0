import {
  type AdminProductDetail,
  ADMIN_CATALOG_MESSAGES as CM,
  DomainError,
  PRODUCT_EDIT_MESSAGES as M,
  type ProductInput,
  type ProductTag,
} from "@storefront/domain";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { type Database, selectRows, type Transaction } from "../../db/index.ts";
import { type AdminActor, audit } from "../../lib/audit.ts";
import { violatedUnique } from "../../lib/db-errors.ts";
import { sanitizeHtml } from "../../lib/sanitize.ts";
import { stores } from "../stores/index.ts";
import { readProductDetail } from "./product-detail.ts";
import {
  type LiveSubscriptions,
  writeCollections,
  writePlans,
  writeVariants,
} from "./product-parts.ts";
import { collections, products, variants } from "./schema.ts";
import { forgetCatalogAnswers } from "./service.ts";

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
  live: LiveSubscriptions,
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
      await writeVariants(tx, storeId, row.id, input, live);
      await writePlans(tx, storeId, row.id, input, live);
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
  live: LiveSubscriptions,
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
      await writeVariants(tx, storeId, productId, input, live);
      await writePlans(tx, storeId, productId, input, live);
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
