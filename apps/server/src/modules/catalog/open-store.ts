import type { Currency, DemoStore } from "@storefront/domain";
import type { Transaction } from "../../db/index.ts";
import { mediaUrl } from "../media/index.ts";
import {
  bundleChoices,
  collectionProducts,
  collections,
  productImages,
  products,
  variantPrices,
  variants,
} from "./schema.ts";

/** What a store's catalogue was written as: its products' ids by handle. */
export interface WrittenCatalog {
  productIds: ReadonlyMap<string, string>;
}

/**
 * Writes a new store's catalogue from its blueprint: products with their photos, variants and
 * prices per currency, bundles' choices (once every variant is in: a choice may be a product
 * listed after its bundle), and collections.
 */
export async function insertCatalog(tx: Transaction, store: DemoStore): Promise<WrittenCatalog> {
  const imageSize = new Map(store.images.map((i) => [i.file, i]));
  const productIds = new Map<string, string>();
  const variantIds = new Map<string, string>();
  for (const [position, p] of store.products.entries()) {
    const [row] = await tx
      .insert(products)
      .values({
        storeId: store.id,
        handle: p.handle,
        title: p.title,
        descriptionHtml: p.descriptionHtml,
        metaDescription: p.metaDescription,
        tags: p.tags ?? [],
        position,
      })
      .returning({ id: products.id });
    if (!row) throw new Error(`Could not insert product ${p.handle}`);
    productIds.set(p.handle, row.id);
    if (p.images.length > 0) {
      await tx.insert(productImages).values(
        p.images.map((file, i) => ({
          storeId: store.id,
          productId: row.id,
          url: mediaUrl(store.id, file),
          alt: `${p.title}${i > 0 ? ` (view ${i + 1})` : ""}`,
          width: imageSize.get(file)?.width ?? 1200,
          height: imageSize.get(file)?.height ?? 1200,
          position: i,
        })),
      );
    }
    for (const [vPosition, v] of p.variants.entries()) {
      const [variant] = await tx
        .insert(variants)
        .values({
          storeId: store.id,
          productId: row.id,
          sku: v.sku,
          attributes: v.attributes,
          imageUrls: p.images.slice(0, 1).map((f) => mediaUrl(store.id, f)),
          ...("stock" in v ? { stock: v.stock } : { requiresShipping: false }),
          position: vPosition,
          bundleSlots: p.bundle?.slots ?? null,
        })
        .returning({ id: variants.id });
      if (!variant) throw new Error(`Could not insert variant ${v.sku}`);
      variantIds.set(v.sku, variant.id);
      await tx.insert(variantPrices).values(
        (Object.entries(v.prices) as [Currency, number][]).map(([currency, amount]) => ({
          storeId: store.id,
          variantId: variant.id,
          currency,
          amount,
          tradeAmount: v.tradePrices?.[currency] ?? null,
        })),
      );
    }
  }
  for (const p of store.products) {
    if (!p.bundle) continue;
    const [own] = p.variants;
    const bundleVariantId = own && variantIds.get(own.sku);
    if (!bundleVariantId || p.variants.length !== 1) {
      throw new Error(`Bundle ${p.handle} must have exactly one variant`);
    }
    await tx.insert(bundleChoices).values(
      p.bundle.choices.map((sku, position) => {
        const variantId = variantIds.get(sku);
        if (!variantId)
          throw new Error(`Bundle ${p.handle} offers ${sku}, not a sku of this store`);
        return { storeId: store.id, bundleVariantId, variantId, position };
      }),
    );
  }
  for (const c of store.collections) {
    const [row] = await tx
      .insert(collections)
      .values({ storeId: store.id, handle: c.handle, title: c.title, description: c.description })
      .returning({ id: collections.id });
    if (!row) throw new Error(`Could not insert collection ${c.handle}`);
    const members = c.productHandles.flatMap((handle, position) => {
      const productId = productIds.get(handle);
      return productId ? [{ collectionId: row.id, productId, position }] : [];
    });
    if (members.length > 0) await tx.insert(collectionProducts).values(members);
  }
  return { productIds };
}
