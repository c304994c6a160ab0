import {
  DomainError,
  PRODUCT_EDIT_LIMITS as L,
  PRODUCT_EDIT_MESSAGES as M,
  PRODUCT_IMAGE_TYPES,
} from "@storefront/domain";
import { type MediaStore, mediaKey } from "./media-store.ts";
import { mediaType } from "./sized-images.ts";

/** What sharp calls each accepted type: the bytes must be what the upload says they are. */
const SHARP_FORMATS: Record<keyof typeof PRODUCT_IMAGE_TYPES, string> = {
  "image/jpeg": "jpeg",
  "image/png": "png",
  "image/webp": "webp",
};

function isAccepted(type: string): type is keyof typeof PRODUCT_IMAGE_TYPES {
  return Object.hasOwn(PRODUCT_IMAGE_TYPES, type);
}

/** An uploaded image that passed the checks: its file extension and its size as shown. */
export interface CheckedImage {
  extension: string;
  width: number;
  height: number;
}

/**
 * Checks an uploaded image: a JPEG, PNG or WebP (by its Content-Type and by its bytes), at most
 * 10 MB, at least `min` pixels as shown (EXIF orientation applied). A 400 says what is wrong.
 */
export async function checkUploadedImage(
  upload: { bytes: Buffer; type: string },
  min: { width: number; height: number; message: string },
): Promise<CheckedImage> {
  const type = upload.type.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!isAccepted(type)) throw new DomainError("invalid", M.imageType);
  if (upload.bytes.length > L.imageBytes) throw new DomainError("invalid", M.imageBytes);
  // sharp (libvips) is loaded by the first upload, not by every instance at start: it is MBs
  // of resident memory a server that only serves pages never needs.
  const { default: sharp } = await import("sharp");
  const meta = await sharp(upload.bytes)
    .metadata()
    .catch(() => null);
  if (!meta || meta.format !== SHARP_FORMATS[type] || !meta.width || !meta.height) {
    throw new DomainError("invalid", M.imageType);
  }
  // Turned as the camera held it (EXIF orientation 5 to 8 swap the sides).
  const [width, height] =
    (meta.orientation ?? 1) >= 5 ? [meta.height, meta.width] : [meta.width, meta.height];
  if (width < min.width || height < min.height) throw new DomainError("invalid", min.message);
  return { extension: PRODUCT_IMAGE_TYPES[type], width, height };
}

/** Keeps an upload as it came, under the store's id in the media store; answers its /media/ URL. */
export async function keepUpload(
  media: MediaStore,
  storeId: string,
  file: string,
  bytes: Buffer,
): Promise<string> {
  const key = mediaKey(storeId, file);
  await media.put(key, bytes, mediaType(key));
  return `/media/${key}`;
}
