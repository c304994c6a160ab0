// A product as the admin's editor reads it: text, variants with their prices and stock, plans,
// collections and photos.
import {
  type AdminProductDetail,
  type AdminProductImage,
  ADMIN_CATALOG_MESSAGES as CM,
  DomainError,
} from "@storefront/domain";
import { and, asc, eq, inArray } from "drizzle-orm";
import { type Database, readTogether, type Transaction } from "../../db/index.ts";
import {
  bundleChoices,
  collectionProducts,
  productImages,
  products,
  subscriptionPlans,
  variantPrices,
  variants,
} from "./schema.ts";

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
