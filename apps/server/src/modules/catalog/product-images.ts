import { randomUUID } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  type AdminProductImage,
  ADMIN_CATALOG_MESSAGES as CM,
  DomainError,
  PRODUCT_EDIT_LIMITS as L,
  PRODUCT_EDIT_MESSAGES as M,
  PRODUCT_IMAGE_TYPES,
} from "@storefront/domain";
import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import type { Database } from "../../db/index.ts";
import { productImages, products } from "../../db/schema.ts";
import type { Logger } from "../../lib/logger.ts";
import { type AdminActor, audit } from "../admin/audit.ts";
import { ensureFirstVariant, warmImages } from "../media/sized-images.ts";
import { PRODUCT_IMAGE } from "../media/warm.ts";
import { imageView } from "./product-editor.ts";

export interface ImageDeps {
  db: Database;
  mediaDir: string;
  log: Logger;
}

/** What sharp calls each accepted type: the bytes must be what the upload says they are. */
const SHARP_FORMATS: Record<keyof typeof PRODUCT_IMAGE_TYPES, string> = {
  "image/jpeg": "jpeg",
  "image/png": "png",
  "image/webp": "webp",
};

function isAccepted(type: string): type is keyof typeof PRODUCT_IMAGE_TYPES {
  return Object.hasOwn(PRODUCT_IMAGE_TYPES, type);
}

/**
 * Checks an uploaded image (type, bytes, size in pixels) and keeps it as it came, under the
 * store's media folder; the storefront's responsive copies (its widths, in AVIF and WebP) are
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
  const type = upload.type.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!isAccepted(type)) throw new DomainError("invalid", M.imageType);
  if (upload.bytes.length > L.imageBytes) throw new DomainError("invalid", M.imageBytes);
  const meta = await sharp(upload.bytes)
    .metadata()
    .catch(() => null);
  if (!meta || meta.format !== SHARP_FORMATS[type] || !meta.width || !meta.height) {
    throw new DomainError("invalid", M.imageType);
  }
  // Turned as the camera held it (EXIF orientation 5 to 8 swap the sides).
  const [width, height] =
    (meta.orientation ?? 1) >= 5 ? [meta.height, meta.width] : [meta.width, meta.height];
  if (width < L.imageMinSide || height < L.imageMinSide) {
    throw new DomainError("invalid", M.imageSmall);
  }
  const [product] = await deps.db
    .select({
      handle: products.handle,
      images: sql<number>`(select count(*)::int from ${productImages} where ${productImages.productId} = ${products.id})`,
    })
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.id, productId)));
  if (!product) throw new DomainError("not_found", CM.productNotFound);
  if (product.images >= L.images) throw new DomainError("conflict", M.images);

  const file = path.join(storeId, "products", `${randomUUID()}.${PRODUCT_IMAGE_TYPES[type]}`);
  const url = `/media/${file.split(path.sep).join("/")}`;
  await mkdir(path.join(deps.mediaDir, path.dirname(file)), { recursive: true });
  await writeFile(path.join(deps.mediaDir, file), upload.bytes);
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
      await rm(path.join(deps.mediaDir, file), { force: true });
      throw err;
    });
  const variant = file.replace(/\.[a-z]+$/, "_728.webp");
  await ensureFirstVariant(deps.mediaDir, variant, deps.log);
  await warmImages(deps.mediaDir, [url], PRODUCT_IMAGE, deps.log);
  return imageView(row);
}

/** Removes an image from a product (its files stay until the media folder is tidied). */
export async function removeProductImage(
  db: Database,
  storeId: string,
  productId: string,
  imageId: string,
  actor: AdminActor,
): Promise<void> {
  await db.transaction(async (tx) => {
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
  });
}
