// The media module's face: what other modules, flows and the app may use of it.
export { drawStoreImages } from "./drawn-images.ts";
export { removeMedia } from "./media-cleanup.ts";
export type { MediaStore } from "./media-store.ts";
export { mediaKey, mediaUrl } from "./media-store.ts";
export { openMediaStore } from "./open-media-store.ts";
export { ensureFirstVariant, firstVariantKey, warmImages } from "./sized-images.ts";
export { checkUploadedImage, keepUpload } from "./uploads.ts";
export { PRODUCT_IMAGE, warmPageImages } from "./warm.ts";
