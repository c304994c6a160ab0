// Writing a product's parts as its editor saves them: variants and their prices, a bundle's
// choices, subscription plans and collections.
import {
  type BundleInput,
  ADMIN_CATALOG_MESSAGES as CM,
  DomainError,
  PRODUCT_EDIT_MESSAGES as M,
  type ProductInput,
  type VariantInput,
} from "@storefront/domain";
import { and, eq, inArray, ne, notInArray, sql } from "drizzle-orm";
import type { Transaction } from "../../db/index.ts";
import {
  bundleChoices,
  collectionProducts,
  subscriptionPlans,
  variantPrices,
  variants,
} from "./schema.ts";

async function writeVariant(
  tx: Transaction,
  storeId: string,
  productId: string,
  variant: VariantInput,
  position: number,
  bundleSlots: number | null,
): Promise<string> {
  const columns = {
    sku: variant.sku,
    attributes: variant.attributes,
    requiresShipping: variant.requiresShipping,
    position,
    bundleSlots,
  };
  let variantId = variant.id;
  if (variantId) {
    // The stock only if it is still what the admin saw: an order in between is never overwritten.
    const [row] = await tx
      .update(variants)
      .set({
        ...columns,
        stock: sql`case when ${variants.stock} = ${variant.expectedStock ?? -1} then ${variant.stock} else ${variants.stock} end`,
      })
      .where(and(eq(variants.id, variantId), eq(variants.productId, productId)))
      .returning({ stock: variants.stock, shipped: variants.requiresShipping });
    if (!row) {
      throw new DomainError("invalid", M.notTheProductsVariant, {
        variants: M.notTheProductsVariant,
      });
    }
    if (row.shipped && row.stock !== variant.stock) {
      const message = CM.stockChanged(row.stock);
      throw new DomainError("conflict", message, { variants: message });
    }
  } else {
    const [row] = await tx
      .insert(variants)
      .values({ ...columns, storeId, productId, stock: variant.stock })
      .returning({ id: variants.id });
    variantId = row?.id;
    if (!variantId) throw new Error("the variant was not written");
  }
  for (const price of variant.prices) {
    await tx
      .insert(variantPrices)
      .values({ storeId, variantId, currency: price.currency, amount: price.amount })
      .onConflictDoUpdate({
        target: [variantPrices.variantId, variantPrices.currency],
        set: { amount: price.amount },
      });
  }
  return variantId;
}

/**
 * Whether a subscription still to be delivered (active or paused) holds a variant or a plan: the
 * subscriptions module's read, handed in by the flow that saves a product (flows/save-product.ts),
 * so that the catalogue, which subscriptions read, does not read them back.
 */
export interface LiveSubscriptions {
  onVariant(tx: Transaction, variantId: string): Promise<boolean>;
  onPlan(tx: Transaction, planId: string): Promise<boolean>;
}

export async function writeVariants(
  tx: Transaction,
  storeId: string,
  productId: string,
  input: ProductInput,
  live: LiveSubscriptions,
): Promise<void> {
  const kept = input.variants.flatMap((v) => (v.id ? [v.id] : []));
  const removed = await tx
    .select({ id: variants.id, sku: variants.sku })
    .from(variants)
    .where(
      and(
        eq(variants.productId, productId),
        kept.length > 0 ? notInArray(variants.id, kept) : undefined,
      ),
    );
  for (const variant of removed) {
    if (await live.onVariant(tx, variant.id)) {
      const message = M.variantSubscribed(variant.sku);
      throw new DomainError("conflict", message, { variants: message });
    }
  }
  if (removed.length > 0) {
    await tx.delete(variants).where(
      inArray(
        variants.id,
        removed.map((v) => v.id),
      ),
    );
  }
  // SKUs move between a product's variants in one save: the old ones are freed first.
  await tx
    .update(variants)
    .set({ sku: sql`${variants.sku} || '~' || ${variants.id}` })
    .where(eq(variants.productId, productId));
  for (const [position, variant] of input.variants.entries()) {
    const variantId = await writeVariant(
      tx,
      storeId,
      productId,
      variant,
      position,
      input.bundle?.slots ?? null,
    );
    if (input.bundle) await writeBundleChoices(tx, storeId, productId, variantId, input.bundle);
  }
}

/**
 * A bundle's choices, in the order given: variants of the store's other products that are not
 * bundles themselves; a SKU that is not one is a 400 naming it.
 */
async function writeBundleChoices(
  tx: Transaction,
  storeId: string,
  productId: string,
  bundleVariantId: string,
  bundle: BundleInput,
): Promise<void> {
  const found = await tx
    .select({ id: variants.id, sku: variants.sku })
    .from(variants)
    .where(
      and(
        eq(variants.storeId, storeId),
        inArray(variants.sku, bundle.choices),
        ne(variants.productId, productId),
        sql`${variants.bundleSlots} is null`,
      ),
    );
  const idOf = new Map(found.map((v) => [v.sku, v.id]));
  const unknown = bundle.choices.filter((sku) => !idOf.has(sku));
  if (unknown.length > 0) {
    const message = M.unknownChoices(unknown);
    throw new DomainError("invalid", message, { "bundle.choices": message });
  }
  await tx.delete(bundleChoices).where(eq(bundleChoices.bundleVariantId, bundleVariantId));
  await tx.insert(bundleChoices).values(
    bundle.choices.map((sku, position) => ({
      storeId,
      bundleVariantId,
      variantId: idOf.get(sku) as string,
      position,
    })),
  );
}

export async function writePlans(
  tx: Transaction,
  storeId: string,
  productId: string,
  input: ProductInput,
  live: LiveSubscriptions,
): Promise<void> {
  const codes = input.plans.map((p) => p.code);
  const removed = await tx
    .select({ id: subscriptionPlans.id, code: subscriptionPlans.code })
    .from(subscriptionPlans)
    .where(
      and(
        eq(subscriptionPlans.productId, productId),
        codes.length > 0 ? notInArray(subscriptionPlans.code, codes) : undefined,
      ),
    );
  for (const plan of removed) {
    if (await live.onPlan(tx, plan.id)) {
      const message = M.planInUse(plan.code);
      throw new DomainError("conflict", message, { plans: message });
    }
  }
  if (removed.length > 0) {
    await tx.delete(subscriptionPlans).where(
      inArray(
        subscriptionPlans.id,
        removed.map((p) => p.id),
      ),
    );
  }
  for (const [position, plan] of input.plans.entries()) {
    await tx
      .insert(subscriptionPlans)
      .values({ ...plan, storeId, productId, position })
      .onConflictDoUpdate({
        target: [subscriptionPlans.productId, subscriptionPlans.code],
        set: {
          label: plan.label,
          interval: plan.interval,
          intervalCount: plan.intervalCount,
          discountPercentage: plan.discountPercentage,
          position,
        },
      });
  }
}

export async function writeCollections(
  tx: Transaction,
  productId: string,
  collectionIds: readonly string[],
): Promise<void> {
  await tx
    .delete(collectionProducts)
    .where(
      and(
        eq(collectionProducts.productId, productId),
        collectionIds.length > 0
          ? notInArray(collectionProducts.collectionId, [...collectionIds])
          : undefined,
      ),
    );
  for (const collectionId of collectionIds) {
    // A collection the product joins lists it last; one it was in keeps its place.
    await tx
      .insert(collectionProducts)
      .values({
        collectionId,
        productId,
        position: sql`(select coalesce(max(${collectionProducts.position}) + 1, 0) from ${collectionProducts} where ${collectionProducts.collectionId} = ${collectionId})`,
      })
      .onConflictDoNothing();
  }
}
