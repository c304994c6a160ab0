// The variants and bundles a cart write names, as a shopper can buy them: price, stock, plans.
import {
  BUNDLE_MESSAGES,
  type Currency,
  DomainError,
  SUBSCRIPTION_MESSAGES,
} from "@storefront/domain";
import { and, asc, eq, isNotNull, type Placeholder, type SQL, sql } from "drizzle-orm";
import { compiled } from "../../db/compiled.ts";
import { type Database, readTogether } from "../../db/index.ts";
import type { PlanRow } from "../catalog/index.ts";
import {
  bundleChoices,
  products,
  sellableStock,
  sellingPrice,
  subscriptionPlans,
  variantPrices,
  variants,
} from "../catalog/index.ts";
import { tradeBuyer } from "./cart-rows.ts";

export interface SellableVariant {
  id: string;
  productId: string;
  sku: string;
  title: string;
  handle: string;
  /** The stock a shopper can buy (sellableStock). */
  stock: number;
  requiresShipping: boolean;
  price: number | null;
  attributes: Record<string, string>;
  imageUrls: string[];
  /** The product's subscription plans, in the product's order. */
  plans: PlanRow[];
  /** A bundle's slots; null for any other variant. */
  bundleSlots: number | null;
}

/**
 * The select of this store's published variants that `which` picks, priced in `currency` for
 * `buyer` (tradeBuyer), with their products' plans: a row per variant and plan.
 */
function sellableSelect(
  db: Database,
  storeId: string | Placeholder,
  which: SQL | undefined,
  currency: Currency | Placeholder,
  buyer: SQL,
) {
  return db
    .select({
      id: variants.id,
      productId: variants.productId,
      sku: variants.sku,
      title: products.title,
      handle: products.handle,
      stock: sellableStock,
      requiresShipping: variants.requiresShipping,
      price: sellingPrice(buyer),
      attributes: variants.attributes,
      imageUrls: variants.imageUrls,
      bundleSlots: variants.bundleSlots,
      plan: subscriptionPlans,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .leftJoin(
      variantPrices,
      and(eq(variantPrices.variantId, variants.id), eq(variantPrices.currency, currency)),
    )
    .leftJoin(
      subscriptionPlans,
      and(eq(subscriptionPlans.productId, products.id), eq(subscriptionPlans.storeId, storeId)),
    )
    .where(
      and(
        eq(variants.storeId, storeId),
        eq(products.storeId, storeId),
        eq(products.published, true),
        which,
      ),
    )
    .orderBy(asc(subscriptionPlans.position), asc(subscriptionPlans.code));
}

type SellableRow = Awaited<ReturnType<typeof sellableSelect>>[number];

/** The rows of sellableSelect as variants by sku, each with its plans in order. */
function variantsBySku(rows: readonly SellableRow[]): Map<string, SellableVariant> {
  const found = new Map<string, SellableVariant>();
  for (const { plan, ...variant } of rows) {
    let entry = found.get(variant.sku);
    if (!entry) {
      entry = { ...variant, plans: [] };
      found.set(variant.sku, entry);
    }
    if (plan) entry.plans.push(plan);
  }
  return found;
}

/** The variants of a list of skus, for a guest and for an account (whose price may be trade). */
const skusFor = (buyer: (p: Record<"buyer", Placeholder>) => SQL) =>
  compiled(["storeId", "skus", "currency", "buyer"], (db, p) =>
    sellableSelect(db, p.storeId, sql`${variants.sku} = any(${p.skus})`, p.currency, buyer(p)),
  );
const SKUS_FOR = {
  guest: skusFor(() => tradeBuyer(null)),
  account: skusFor((p) => tradeBuyer(p.buyer)),
};

/**
 * This store's published variants by sku, priced in `currency`, with their products' plans;
 * another store's sku is absent. A bundle's chosen skus are found with the bundle's own sku.
 */
export async function findVariants(
  db: Database,
  storeId: string,
  skus: readonly string[],
  currency: Currency,
  buyer: string | null,
): Promise<Map<string, SellableVariant>> {
  if (skus.length === 0) return new Map();
  const read = buyer === null ? SKUS_FOR.guest : SKUS_FOR.account;
  return variantsBySku(await read(db, { storeId, skus: [...new Set(skus)], currency, buyer }));
}

/** A bundle a shopper names: its own variant (at the bundle's price) and the variants it offers. */
export interface SellableBundle {
  variant: SellableVariant & { bundleSlots: number };
  /** The variants its slots may be filled with, by sku. */
  choices: Map<string, SellableVariant>;
}

/**
 * The published bundle of this store whose product's handle is `bundleId`, with its choices,
 * priced in `currency` for `buyer`; 404 when there is none.
 */
export async function findBundle(
  db: Database,
  storeId: string,
  bundleId: string,
  currency: Currency,
  buyer: string | null,
): Promise<SellableBundle> {
  const [own, choices] = await readTogether(db, [
    async () =>
      variantsBySku(
        await sellableSelect(
          db,
          storeId,
          and(eq(products.handle, bundleId), isNotNull(variants.bundleSlots)),
          currency,
          tradeBuyer(buyer),
        ),
      ),
    async () =>
      variantsBySku(
        await sellableSelect(
          db,
          storeId,
          sql`${variants.id} in (select ${bundleChoices.variantId} from ${bundleChoices}
          join ${variants} b on b.id = ${bundleChoices.bundleVariantId}
          join ${products} bp on bp.id = b.product_id
          where bp.store_id = ${storeId} and bp.handle = ${bundleId})`,
          currency,
          tradeBuyer(buyer),
        ),
      ),
  ]);
  const [variant] = own.values();
  if (!variant || variant.bundleSlots === null) {
    throw new DomainError("not_found", BUNDLE_MESSAGES.notFound);
  }
  return { variant: { ...variant, bundleSlots: variant.bundleSlots }, choices };
}

/** The plan of `variant`'s product named by `subscriptionId` (its code); 404 when none. */
export function planOf(variant: SellableVariant, subscriptionId: string): PlanRow {
  const plan = variant.plans.find((p) => p.code === subscriptionId);
  if (!plan) throw new DomainError("not_found", SUBSCRIPTION_MESSAGES.planNotFound);
  return plan;
}
