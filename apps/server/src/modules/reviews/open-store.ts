import type { DemoStore } from "@storefront/domain";
import type { Transaction } from "../../db/index.ts";
import { mediaUrl } from "../media/index.ts";
import { reviews } from "./schema.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The store's demo reviews, dated relative to now so they stay recent whenever the demo loads. */
export async function insertDemoReviews(
  tx: Transaction,
  store: DemoStore,
  productIds: ReadonlyMap<string, string>,
): Promise<void> {
  if (!store.reviews || store.reviews.length === 0) return;
  const labels = new Map(store.images.map((i) => [i.file, i.label]));
  const now = Date.now();
  await tx.insert(reviews).values(
    store.reviews.map((r, i) => {
      const productId = productIds.get(r.handle);
      if (!productId) throw new Error(`Demo review of unknown product ${r.handle}`);
      return {
        storeId: store.id,
        productId,
        reviewId: `demo-${i + 1}`,
        rating: r.rating,
        title: r.title ?? "",
        description: r.description,
        reviewerName: r.name,
        reviewerEmail: r.email.toLowerCase(),
        profileImage: r.profileImage ? mediaUrl(store.id, r.profileImage) : null,
        media: (r.photos ?? []).map((file) => ({
          type: "image" as const,
          url: mediaUrl(store.id, file),
          alt: labels.get(file) ?? "",
        })),
        ownerResponse: r.ownerResponse ?? null,
        helpfulCount: r.helpful ?? 0,
        // Minutes apart within a day, so reviews of the same day keep their order.
        createdAt: new Date(now - r.daysAgo * DAY_MS - i * 60_000),
      };
    }),
  );
}
