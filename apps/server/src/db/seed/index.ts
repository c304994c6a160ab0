import {
  CURRENCIES,
  type Currency,
  DEFAULT_ANALYTICS_SETTINGS,
  DEFAULT_CHECKOUT_SETTINGS,
  TradeTermsSchema,
} from "@storefront/domain";
import { sql } from "drizzle-orm";
import { passwords } from "../../modules/accounts/passwords.ts";
import { saveDocument } from "../../modules/content/service.ts";
import type { Database } from "../index.ts";
import {
  bundleChoices,
  collectionProducts,
  collections,
  discountCodes,
  productImages,
  products,
  reviews,
  searchSynonyms,
  storeDomains,
  stores,
  subscriptionPlans,
  users,
  variantPrices,
  variants,
} from "../schema.ts";
import { gardenStudio } from "./garden-studio.ts";
import { hempNutrition } from "./hemp-nutrition.ts";
import { petRemedies } from "./pet-remedies.ts";
import { synonymRows } from "./search-synonyms.ts";
import type { DemoStore } from "./types.ts";

export const DEMO_STORES: readonly DemoStore[] = [petRemedies, gardenStudio, hempNutrition];

/** Held while stores are written: the demo stores at first start, a store the platform opens. */
export const SEED_LOCK = 7_202_612;

export function mediaUrl(storeId: string, file: string): string {
  return file.startsWith("/") ? file : `/media/${storeId}/${file}`;
}

/** Writes a whole store (a demo store, or a new one from the platform's blueprint) in `tx`. */
export async function insertStore(tx: Database, store: DemoStore): Promise<void> {
  await tx.insert(stores).values({
    id: store.id,
    brandName: store.brandName,
    ownerEmail: store.ownerEmail,
    checkoutSettings: store.checkoutSettings ?? DEFAULT_CHECKOUT_SETTINGS,
    // Checked like any store setting written: the price SQL reads percentOff as an integer.
    tradeTerms: store.tradeTerms ? TradeTermsSchema.parse(store.tradeTerms) : null,
    logo: mediaUrl(store.id, store.logo),
    brandDescription: store.brandDescription,
    defaultCurrency: store.defaultCurrency,
    currencies: store.currencies ?? [...CURRENCIES],
    affiliatePercentage: store.affiliatePercentage ?? null,
    analyticsSettings: store.analyticsSettings ?? DEFAULT_ANALYTICS_SETTINGS,
    productTrust: store.productTrust ?? [],
    theme: store.theme,
    navbar: store.navbar,
    footer: store.footer,
    globalStyles: store.globalStyles,
    topCallOutSection: store.topCallOut,
    topPageCallout: store.pressStrip
      ? {
          ...store.pressStrip,
          logos: store.pressStrip.logos.map((l) => ({ ...l, image: mediaUrl(store.id, l.image) })),
        }
      : null,
  });
  if (store.domains.length > 0) {
    await tx
      .insert(storeDomains)
      .values(store.domains.map((host) => ({ host, storeId: store.id })));
  }
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
    const plans = p.subscriptionPlans ?? [];
    if (plans.length > 0) {
      await tx.insert(subscriptionPlans).values(
        plans.map((plan, planPosition) => ({
          ...plan,
          storeId: store.id,
          productId: row.id,
          position: planPosition,
        })),
      );
    }
  }
  // A bundle's choices may be products listed after it: they go in once every variant is in.
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
  for (const [name, page] of Object.entries(store.pages)) {
    await saveDocument(tx, store.id, "master", name, page);
  }
  await saveDocument(tx, store.id, "layout", "chatbot", store.chatbot);
  const synonyms = synonymRows(store.id, store.searchSynonyms ?? {});
  if (synonyms.length > 0) await tx.insert(searchSynonyms).values(synonyms).onConflictDoNothing();
  if (store.discountCodes && store.discountCodes.length > 0) {
    await tx.insert(discountCodes).values(
      store.discountCodes.map((d) => ({
        storeId: store.id,
        code: d.code.toLowerCase(),
        discountPercentage: d.percentage ?? null,
        amounts: d.amounts ?? {},
        caps: d.caps ?? {},
        maxRedemptions: d.maxRedemptions,
        oncePerCustomer: d.oncePerCustomer ?? false,
        active: d.active ?? true,
        public: d.public ?? false,
      })),
    );
  }
  await insertReviews(tx, store, productIds);
  for (const a of store.accounts ?? []) {
    await tx.insert(users).values({
      storeId: store.id,
      email: a.email.toLowerCase(),
      passwordHash: await passwords.hash(a.password),
      firstName: a.firstName,
      lastName: a.lastName,
      birthday: a.birthday ?? null,
      userType: a.userType ?? "customer",
      resaleCertificate: a.resaleCertificate ?? null,
      pointsBalance: a.pointsBalance,
      discountCode: a.discountCode,
      discountPercentage: a.discountPercentage ?? 10,
      commissionPercentage: a.commissionPercentage ?? null,
      commissionAmount: a.commissionAmount ?? 0,
    });
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The store's demo reviews, dated relative to now so they stay recent whenever the demo loads. */
async function insertReviews(
  tx: Database,
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

/**
 * Loads the demo stores into an empty database, once: if any store exists nothing is written.
 * Several server instances starting together serialise on an advisory lock.
 */
export async function loadDemoStores(
  db: Database,
  demo: readonly DemoStore[] = DEMO_STORES,
): Promise<{ loaded: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(stores);
    if (count > 0) return { loaded: false };
    for (const store of demo) await insertStore(tx as unknown as Database, store);
    return { loaded: true };
  });
}
