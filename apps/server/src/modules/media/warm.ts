import { asc } from "drizzle-orm";
import type { Database } from "../../db/index.ts";
import { productImages } from "../../db/schema.ts";
import type { BackgroundTasks } from "../../lib/background.ts";
import type { Logger } from "../../lib/logger.ts";
import { warmImages } from "./sized-images.ts";

/**
 * In the background after the server starts: the usual copies of every product's first image
 * (the product page's largest, LCP), so that the first shopper does not wait for them.
 */
export function warmProductImages(deps: {
  db: Database;
  mediaDir: string;
  log: Logger;
  background: BackgroundTasks;
}): void {
  deps.background.run("making the product images' usual sizes", async () => {
    const firsts = await deps.db
      .selectDistinctOn([productImages.productId], { url: productImages.url })
      .from(productImages)
      .orderBy(asc(productImages.productId), asc(productImages.position));
    const made = await warmImages(
      deps.mediaDir,
      firsts.map((f) => f.url),
      deps.log,
    );
    if (made > 0) deps.log.info({ made }, "product images made in their usual sizes");
  });
}
