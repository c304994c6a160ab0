import type { BackgroundTasks } from "../../lib/background.ts";
import type { Logger } from "../../lib/logger.ts";
import type { MediaStore } from "./media-store.ts";
import { type WarmSizes, warmImages } from "./sized-images.ts";

/** What a product page's main image asks for: on a phone (480, 800), on a wide screen at 2×. */
export const PRODUCT_IMAGE: WarmSizes[] = [{ shape: "square", widths: [480, 640, 800, 1600] }];
/** What a page's banner asks for: 16:9 on a phone, 13:5 on a wide screen at 2×. */
const PAGE_BANNER: WarmSizes[] = [
  { shape: "wide", widths: [480, 800, 1200] },
  { shape: "banner", widths: [1200, 1600] },
];

/**
 * In the background after the server starts: the usual copies of every product's first image
 * and every page's banner (the pages' largest images, their LCP), so that the first shopper does
 * not wait for them. A stopping server ends it after the image in hand. Which images they are is
 * the catalogue's and the content's to say (the app passes their reads: media is below both).
 */
export function warmPageImages(deps: {
  /** Every product's first image (catalog's firstProductImages). */
  productImages: () => Promise<string[]>;
  /** Every page's banner (content's pageBanners). */
  pageBanners: () => Promise<string[]>;
  media: MediaStore;
  log: Logger;
  background: BackgroundTasks;
}): void {
  deps.background.run("making the pages' images in their usual sizes", async () => {
    const firsts = await deps.productImages();
    const banners = await deps.pageBanners();
    const made =
      (await warmImages(deps.media, firsts, PRODUCT_IMAGE, deps.log, deps.background.stopping)) +
      (await warmImages(deps.media, banners, PAGE_BANNER, deps.log, deps.background.stopping));
    if (made > 0) deps.log.info({ made }, "the pages' images are ready in their usual sizes");
  });
}
