import type { Logger } from "../../lib/logger.ts";
import type { MediaStore } from "./media-store.ts";
import { firstVariantKey, isHiddenPath, mediaUrlKey, sizedPrefix } from "./sized-images.ts";

/**
 * Removes an image from the media store: its original, its `_728.webp` variant and every resized
 * copy. Only keys of `storeId` are touched; a URL that is not the store's own (https://…) is left.
 * A store that does not answer is logged, not thrown: the image is already off the product.
 */
export async function removeMedia(
  media: MediaStore,
  storeId: string,
  url: string,
  log: Logger,
): Promise<void> {
  const key = mediaUrlKey(url);
  if (key === null || isHiddenPath(key) || !key.startsWith(`${storeId}/`)) return;
  try {
    const copies = await media.list(sizedPrefix(key));
    await media.delete([key, firstVariantKey(key), ...copies]);
  } catch (err) {
    log.warn({ err, file: key }, "a removed image's files could not be deleted");
  }
}
