// Reading a cart's lines as they are now: each with its variant, product, price in the cart's
// currency, plan and, for a bundle, the variants it holds.
import { canonicalSelection, countSkus, lineKey, subscriptionPrice } from "@storefront/domain";
import { and, asc, eq, inArray, type Placeholder, type SQL } from "drizzle-orm";
import { compiled } from "../../db/compiled.ts";
import type { Database } from "../../db/index.ts";
import {
  products,
  sellableStock,
  sellingPrice,
  subscriptionPlans,
  variantPrices,
  variants,
} from "../catalog/index.ts";
import {
  type BundleContentVariant,
  type CartOwner,
  type CartRow,
  type Line,
  type LineBundle,
  openCartOf,
  ownerKey,
  tradeBuyer,
} from "./cart-rows.ts";
import { cartLines, carts } from "./schema.ts";

/** What a stored line is read with (the variant, product, price in the cart's currency, plan). */
const LINE_COLUMNS = {
  id: cartLines.id,
  variantId: cartLines.variantId,
  productId: variants.productId,
  sku: variants.sku,
  quantity: cartLines.quantity,
  position: cartLines.position,
  // The cart's owner's price: a trade account's cart is at trade prices.
  price: sellingPrice(tradeBuyer(carts.userId)),
  stock: sellableStock,
  requiresShipping: variants.requiresShipping,
  handle: products.handle,
  title: products.title,
  attributes: variants.attributes,
  imageUrls: variants.imageUrls,
  plan: subscriptionPlans,
  selection: cartLines.selection,
};

/** A line's unit price: the plan's price for a subscription line. */
function pricedLine(line: Omit<Line, "price"> & { price: number | null }): Line {
  const { price, plan } = line;
  return {
    ...line,
    price: price !== null && plan ? subscriptionPrice(price, plan.discountPercentage) : price,
  };
}

/** The carts' read with their lines, for the cart `which` picks; compiled once per form. */
const cartRead = (which: (p: Record<"storeId" | "key", Placeholder>) => SQL | undefined) =>
  compiled(["storeId", "key"], (db, p) =>
    db
      .select({ cart: carts, ...LINE_COLUMNS })
      .from(carts)
      .leftJoin(
        cartLines,
        and(eq(cartLines.cartId, carts.id), eq(cartLines.storeId, carts.storeId)),
      )
      .leftJoin(variants, eq(variants.id, cartLines.variantId))
      .leftJoin(products, eq(products.id, variants.productId))
      .leftJoin(
        variantPrices,
        and(eq(variantPrices.variantId, variants.id), eq(variantPrices.currency, carts.currency)),
      )
      .leftJoin(subscriptionPlans, eq(subscriptionPlans.id, cartLines.planId))
      .where(which(p))
      .orderBy(asc(cartLines.position), asc(cartLines.addedAt)),
  );

/** The forms a cart is read by: `key` is its id, or its open cart's owner (ownerKey). */
const CART_READS = {
  byId: cartRead((p) => and(eq(carts.id, p.key), eq(carts.storeId, p.storeId))),
  userId: cartRead((p) => openCartOf("userId", p)),
  sessionId: cartRead((p) => openCartOf("sessionId", p)),
};

/**
 * The cart `which` picks (at most one) and its lines in order, priced in the cart's currency, in
 * one statement; undefined without such a cart.
 */
async function readCartWithLines(
  db: Database,
  which: keyof typeof CART_READS,
  storeId: string,
  key: string,
): Promise<{ cart: CartRow; lines: Line[] } | undefined> {
  const rows = await CART_READS[which](db, { storeId, key });
  const [first] = rows;
  if (!first) return undefined;
  const lines: Line[] = [];
  // A bundle line's chosen variants are read in one more statement, only when there are any.
  const chosen = await contentVariants(
    db,
    rows.flatMap((r) => r.selection ?? []),
  );
  for (const { cart: _cart, selection, ...r } of rows) {
    const { id, variantId, quantity, position, productId, sku, stock, handle, title } = r;
    const { attributes, imageUrls, requiresShipping } = r;
    // A cart without lines is one row of nulls; a line's variant and product always exist.
    if (id === null || variantId === null || quantity === null || position === null) continue;
    if (productId === null || sku === null || stock === null || handle === null) continue;
    if (title === null || attributes === null || imageUrls === null) continue;
    if (requiresShipping === null) continue;
    const line = { id, variantId, quantity, position, productId, sku, stock, handle, title };
    const bundle = bundleOf(handle, selection ?? [], chosen);
    lines.push(pricedLine({ ...r, ...line, attributes, imageUrls, requiresShipping, bundle }));
  }
  return { cart: first.cart, lines };
}

type ContentVariant = Omit<BundleContentVariant, "quantity">;

/** The variants a bundle line may hold, by id, with what a shopper can buy of each. */
async function contentVariants(
  db: Database,
  ids: readonly string[],
): Promise<Map<string, ContentVariant>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      variantId: variants.id,
      sku: variants.sku,
      title: products.title,
      attributes: variants.attributes,
      stock: sellableStock,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(inArray(variants.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.variantId, r]));
}

/**
 * A stored selection (variant ids) as the line's bundle; null for a line that is not a bundle. A
 * chosen variant deleted since is left out and the bundle is not `complete` (the selection has no
 * foreign key): it shows no stock and checkout refuses it.
 */
function bundleOf(
  handle: string,
  selection: readonly string[],
  chosen: ReadonlyMap<string, ContentVariant>,
): LineBundle | null {
  if (selection.length === 0) return null;
  const picked = selection.flatMap((id) => {
    const variant = chosen.get(id);
    return variant ? [variant] : [];
  });
  const bySku = new Map(picked.map((v) => [v.sku, v]));
  const skus = canonicalSelection(picked.map((v) => v.sku));
  return {
    bundleId: handle,
    skus,
    complete: picked.length === selection.length,
    contents: countSkus(skus).flatMap(([sku, quantity]) => {
      const variant = bySku.get(sku);
      return variant ? [{ ...variant, quantity }] : [];
    }),
  };
}

/** A cart's lines, read as they are now (in a write, after the cart is locked). */
export async function readLines(db: Database, cart: CartRow): Promise<Line[]> {
  const read = await readCartWithLines(db, "byId", cart.storeId, cart.id);
  return read?.lines ?? [];
}

/**
 * The owner's open cart and its lines in one statement, for reads outside a cart write (the
 * cart, a quote, an order's pricing); undefined without a cart.
 */
export async function readOpenCart(
  db: Database,
  owner: CartOwner,
): Promise<{ cart: CartRow; lines: Line[] } | undefined> {
  const whose = ownerKey(owner);
  return whose ? readCartWithLines(db, whose.by, owner.storeId, whose.key) : undefined;
}

/** A stored line's identity, as the domain's lineKey reads a cart item. */
export function keyOf(line: Line): string {
  return lineKey({
    sku: line.sku,
    subscription: line.plan ? { subscription_id: line.plan.code } : null,
    skus_selected: line.bundle?.skus ?? null,
  });
}
