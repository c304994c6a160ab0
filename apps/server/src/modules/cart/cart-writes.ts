// Writing a cart's lines and events: a write's new lines, a new cart with its lines at once.
import { randomUUID } from "node:crypto";
import { type CartItem, canonicalSelection, countSkus, lineKey } from "@storefront/domain";
import { and, eq, inArray } from "drizzle-orm";
import { compiled, compiledShapes, rowPlaceholder, rowValues } from "../../db/compiled.ts";
import type { Database, Transaction } from "../../db/index.ts";
import { keyOf } from "./cart-lines.ts";
import type { CartEvent, CartRow, Line, LineBundle } from "./cart-rows.ts";
import { cartEvents, cartLines, carts } from "./schema.ts";
import { planOf, type SellableVariant } from "./sellable.ts";

/**
 * Writes the new lines over the stored ones (order = position); `found` holds the variants (and
 * plans) of lines new to the cart. Answers the cart's lines as they now are (as readLines would
 * read them in this transaction).
 */
export async function saveLines(
  tx: Transaction,
  cart: CartRow,
  before: readonly Line[],
  after: readonly CartItem[],
  found: ReadonlyMap<string, SellableVariant>,
): Promise<Line[]> {
  const beforeByKey = new Map(before.map((l) => [keyOf(l), l]));
  const afterKeys = new Set(after.map(lineKey));
  const gone = before.filter((l) => !afterKeys.has(keyOf(l))).map((l) => l.id);
  if (gone.length > 0) {
    await tx
      .delete(cartLines)
      .where(and(eq(cartLines.cartId, cart.id), inArray(cartLines.id, gone)));
  }
  const saved: Line[] = [];
  for (const [position, item] of after.entries()) {
    const old = beforeByKey.get(lineKey(item));
    if (!old) {
      const line = newLine(cart, item, position, found);
      await tx.insert(cartLines).values(line.row);
      saved.push(line.line);
      continue;
    }
    if (old.quantity !== item.quantity || old.position !== position) {
      await tx
        .update(cartLines)
        .set({ quantity: item.quantity, position })
        .where(and(eq(cartLines.cartId, cart.id), eq(cartLines.id, old.id)));
    }
    saved.push({ ...old, quantity: item.quantity, position });
  }
  return saved;
}

/** A line new to the cart: its row to store (its id made here) and the line it becomes. */
function newLine(
  cart: Pick<CartRow, "id" | "storeId">,
  item: CartItem,
  position: number,
  found: ReadonlyMap<string, SellableVariant>,
): { row: typeof cartLines.$inferInsert; line: Line } {
  const variant = found.get(item.sku);
  if (!variant) throw new Error(`No variant for ${item.sku}`);
  const plan = item.subscription ? planOf(variant, item.subscription.subscription_id) : null;
  const bundle = item.bundle_id ? newBundle(item.bundle_id, item.skus_selected ?? [], found) : null;
  const id = randomUUID();
  return {
    row: {
      id,
      cartId: cart.id,
      storeId: cart.storeId,
      variantId: variant.id,
      planId: plan?.id ?? null,
      selection: selectionOf(bundle),
      quantity: item.quantity,
      position,
    },
    line: {
      id,
      variantId: variant.id,
      productId: variant.productId,
      sku: variant.sku,
      quantity: item.quantity,
      position,
      plan,
      price: item.subscription?.subscription_price ?? item.product_price,
      stock: variant.stock,
      requiresShipping: variant.requiresShipping,
      handle: variant.handle,
      title: variant.title,
      attributes: variant.attributes,
      imageUrls: variant.imageUrls,
      bundle,
    },
  };
}

/** A bundle line's chosen variants as stored: their ids, one per slot, sorted; [] for no bundle. */
export function selectionOf(bundle: LineBundle | null): string[] {
  if (!bundle) return [];
  return bundle.contents.flatMap((c) => Array<string>(c.quantity).fill(c.variantId)).sort();
}

/** A new bundle line's bundle, from its chosen skus and their variants in `found`. */
function newBundle(
  bundleId: string,
  selected: readonly string[],
  found: ReadonlyMap<string, SellableVariant>,
): LineBundle {
  const skus = canonicalSelection(selected);
  return {
    bundleId,
    skus,
    complete: true,
    contents: countSkus(skus).map(([sku, quantity]) => {
      const variant = found.get(sku);
      if (!variant) throw new Error(`No variant for ${sku}`);
      const { id: variantId, title, attributes, stock } = variant;
      return { variantId, sku, title, attributes, quantity, stock };
    }),
  };
}

/**
 * Stores a new cart with its lines and events in one statement, so without a transaction: for a
 * session made by this request, which no other request can know, so nothing can race it. Answers
 * the cart and its lines as saveLines would.
 */
export async function insertCartWithLines(
  db: Database,
  cart: Pick<CartRow, "storeId" | "sessionId" | "currency" | "status">,
  items: readonly CartItem[],
  found: ReadonlyMap<string, SellableVariant>,
  events: readonly CartEvent[],
): Promise<{ cart: CartRow; lines: Line[] }> {
  const id = randomUUID();
  const made = items.map((item, position) =>
    newLine({ id, storeId: cart.storeId }, item, position, found),
  );
  const values = {
    id,
    storeId: cart.storeId,
    sessionId: cart.sessionId,
    currency: cart.currency,
    status: cart.status,
    ...rowValues(
      "line",
      made.map((m) => m.row),
      LINE_KEYS,
    ),
    ...rowValues("event", events, EVENT_KEYS),
  };
  const [row] = await newCartInsert([made.length, events.length])(db, values);
  if (!row) throw new Error("The new cart was not stored");
  return { cart: row, lines: made.map((m) => m.line) };
}

const CART_KEYS = ["id", "storeId", "sessionId", "currency", "status"] as const;
const LINE_KEYS = ["id", "variantId", "planId", "selection", "quantity", "position"] as const;
const EVENT_KEYS = ["type", "sku", "quantity"] as const;

/**
 * The statement that stores a new cart with its lines and events, compiled for each count of
 * lines and events (the first 16 pairs seen).
 */
const newCartInsert = compiledShapes(16, ([lineCount = 0, eventCount = 0]) =>
  compiled(CART_KEYS, (db, p) => {
    const lines = Array.from({ length: lineCount }, (_, index) => {
      const at = (key: (typeof LINE_KEYS)[number]) => rowPlaceholder("line", index, key);
      return {
        id: at("id"),
        cartId: p.id,
        storeId: p.storeId,
        variantId: at("variantId"),
        planId: at("planId"),
        selection: at("selection"),
        quantity: at("quantity"),
        position: at("position"),
      };
    });
    const events = Array.from({ length: eventCount }, (_, index) => {
      const at = (key: (typeof EVENT_KEYS)[number]) => rowPlaceholder("event", index, key);
      return {
        storeId: p.storeId,
        cartId: p.id,
        type: at("type"),
        sku: at("sku"),
        quantity: at("quantity"),
      };
    });
    // The lines and events go in with the cart: its row exists by the time their foreign keys
    // are checked (at the end of the statement).
    const ctes = [
      ...(lines.length > 0
        ? [db.$with("new_lines", {}).as(db.insert(cartLines).values(lines).getSQL())]
        : []),
      ...(events.length > 0
        ? [db.$with("new_events", {}).as(db.insert(cartEvents).values(events).getSQL())]
        : []),
    ];
    return db
      .with(...ctes)
      .insert(carts)
      .values({
        id: p.id,
        storeId: p.storeId,
        sessionId: p.sessionId,
        currency: p.currency,
        status: p.status,
      })
      .returning();
  }),
);

/** Records a write's events against the cart. */
export async function recordEvents(
  tx: Transaction,
  cart: Pick<CartRow, "id" | "storeId">,
  events: readonly CartEvent[],
): Promise<void> {
  if (events.length === 0) return;
  await tx
    .insert(cartEvents)
    .values(events.map((e) => ({ ...e, storeId: cart.storeId, cartId: cart.id })));
}
