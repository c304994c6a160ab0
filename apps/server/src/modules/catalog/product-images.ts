import { randomUUID } from "node:crypto";
import {
  type AdminProductImage,
  ADMIN_CATALOG_MESSAGES as CM,
  DomainError,
  PRODUCT_EDIT_LIMITS as L,
  PRODUCT_EDIT_MESSAGES as M,
} from "@storefront/domain";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/index.ts";
import { type AdminActor, audit } from "../../lib/audit.ts";
import type { Logger } from "../../lib/logger.ts";
import {
  checkUploadedImage,
  ensureFirstVariant,
  firstVariantKey,
  keepUpload,
  type MediaStore,
  mediaKey,
  PRODUCT_IMAGE,
  removeMedia,
  warmImages,
} from "../media/index.ts";
import { imageView } from "./product-detail.ts";
import { productImages, products } from "./schema.ts";

export interface ImageDeps {
  db: Database;
  media: MediaStore;
  log: Logger;
}

/**
 * Checks an uploaded image (type, bytes, size in pixels) and keeps it as it came, under the
 * store's id in the media store (the folder or the bucket); the storefront's responsive copies (its widths, in AVIF and WebP) are
 * made from it before this answers, so the first shopper does not wait. Appended to the
 * product's images; the storefront shows it at once.
 */
export async function addProductImage(
  deps: ImageDeps,
  storeId: string,
  productId: string,
  upload: { bytes: Buffer; type: string; alt: string },
  actor: AdminActor,
): Promise<AdminProductImage> {
  const { extension, width, height } = await checkUploadedImage(upload, {
    width: L.imageMinSide,
    height: L.imageMinSide,
    message: M.imageSmall,
  });
  const [product] = await deps.db
    .select({
      handle: products.handle,
      images: sql<number>`(select count(*)::int from ${productImages} where ${productImages.productId} = ${products.id})`,
    })
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.id, productId)));
  if (!product) throw new DomainError("not_found", CM.productNotFound);
  if (product.images >= L.images) throw new DomainError("conflict", M.images);

  const file = `products/${randomUUID()}.${extension}`;
  const url = await keepUpload(deps.media, storeId, file, upload.bytes);
  const row = await deps.db
    .transaction(async (tx) => {
      const [inserted] = await tx
        .insert(productImages)
        .values({
          storeId,
          productId,
          url,
          alt: upload.alt,
          width,
          height,
          position: sql`(select coalesce(max(${productImages.position}) + 1, 0) from ${productImages} where ${productImages.productId} = ${productId})`,
        })
        .returning();
      if (!inserted) throw new Error("the image was not written");
      await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, productId));
      await audit(tx, storeId, actor, {
        action: "product.image.add",
        target: `product ${product.handle}`,
        before: null,
        after: { url, alt: upload.alt },
      });
      return inserted;
    })
    .catch(async (err: unknown) => {
      await deps.media.delete([mediaKey(storeId, file)]);
      throw err;
    });
  await ensureFirstVariant(deps.media, firstVariantKey(mediaKey(storeId, file)), deps.log);
  await warmImages(deps.media, [url], PRODUCT_IMAGE, deps.log);
  return imageView(row);
}

/**
 * Removes an image from a product, then its original and resized copies from the media store
 * (after the transaction: a failed removal leaves the files with the image).
 */
export async function removeProductImage(
  deps: ImageDeps,
  storeId: string,
  productId: string,
  imageId: string,
  actor: AdminActor,
): Promise<void> {
  const url = await deps.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(productImages)
      .where(
        and(
          eq(productImages.storeId, storeId),
          eq(productImages.productId, productId),
          eq(productImages.id, imageId),
        ),
      )
      .returning({ url: productImages.url });
    if (!removed) throw new DomainError("not_found", M.imageNotFound);
    const [product] = await tx
      .update(products)
      .set({ updatedAt: new Date() })
      .where(eq(products.id, productId))
      .returning({ handle: products.handle });
    await audit(tx, storeId, actor, {
      action: "product.image.remove",
      target: `product ${product?.handle ?? productId}`,
      before: { url: removed.url },
      after: null,
    });
    return removed.url;
  });
  await removeMedia(deps.media, storeId, url, deps.log);
}

/** Every product's first image, for the sizes made ahead after start (media's warmPageImages). */
export async function firstProductImages(db: Database): Promise<string[]> {
  const firsts = await db
    .selectDistinctOn([productImages.productId], { url: productImages.url })
    .from(productImages)
    .orderBy(asc(productImages.productId), asc(productImages.position));
  return firsts.map((f) => f.url);
}
