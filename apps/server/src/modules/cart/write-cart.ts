// One cart write in one transaction: the owner's cart locked (or opened), the change applied,
// its lines, events and status stored.
import {
  CART_MESSAGES,
  type CartItem,
  type CartView,
  type Currency,
  DomainError,
  type LineRef,
  lineKey,
  statusAfterActivity,
} from "@storefront/domain";
import { eq } from "drizzle-orm";
import type { Database, Transaction } from "../../db/index.ts";
import { getCheckoutSettings } from "../stores/index.ts";
import { keyOf, readLines } from "./cart-lines.ts";
import {
  type CartEvent,
  type CartOwner,
  type CartRow,
  type Line,
  openCart,
  ownerCondition,
} from "./cart-rows.ts";
import { diffEvents } from "./cart-rules.ts";
import { emptyView, itemsOf, type PricedLine, readView, viewWithLines } from "./cart-view.ts";
import { recordEvents, saveLines } from "./cart-writes.ts";
import { carts } from "./schema.ts";
import type { SellableVariant } from "./sellable.ts";

/** What one write changes; anything left out stays as it is. */
interface CartChange {
  /** The new lines (prices from the database); omitted: the lines do not change. */
  items?: CartItem[];
  /** The variants (and plans) of lines new to the cart, by sku. */
  variants?: ReadonlyMap<string, SellableVariant>;
  /** Events to record; omitted: one per changed line. */
  events?: CartEvent[];
  currency?: Currency;
  discountCodeId?: string | null;
}

interface CartState {
  tx: Transaction;
  cart: CartRow;
  currency: Currency;
  /** Every stored line, priced in the cart's currency. */
  lines: Line[];
  /** The priced lines as the domain's cart items. */
  items: CartItem[];
}

/**
 * One cart write, in one transaction: lock (or, when `create`, open) the visitor's cart, let
 * `change` apply the domain's rules, store the lines, record the events and move the status.
 * Without a cart and without `create`, nothing is written and `absent` answers.
 */
export async function writeCart(
  db: Database,
  owner: CartOwner,
  options: { create: boolean; absent?: () => CartView },
  change: (state: CartState) => Promise<CartChange> | CartChange,
): Promise<CartView> {
  // The store's shipping rules are kept outside transactions: read before this one opens.
  const rules = await getCheckoutSettings(db, owner.storeId);
  const absent = options.absent ?? (() => emptyView(owner.currency, rules));
  if (ownerCondition(owner) === null) {
    if (options.create) throw new Error("A cart write that creates a cart needs an owner");
    return absent();
  }
  return db.transaction(async (tx) => {
    // A cart is opened by a write, so a new one starts with that activity's status.
    const opened = options.create
      ? await openCart(tx, owner, owner.currency, statusAfterActivity("empty"))
      : await openCart(tx, owner, null);
    if (!opened) return absent();
    const { cart, created } = opened;
    const lines = created ? [] : await readLines(tx, cart);
    const state = { tx, cart, currency: cart.currency, lines, items: itemsOf(lines) };
    const result = await change(state);
    const linesNow = result.items
      ? await saveLines(tx, cart, lines, result.items, result.variants ?? new Map())
      : lines;
    const events = result.events ?? (result.items ? diffEvents(lines, result.items) : []);
    await recordEvents(tx, cart, events);
    const settings = {
      ...(result.currency ? { currency: result.currency } : {}),
      ...(result.discountCodeId !== undefined ? { discountCodeId: result.discountCodeId } : {}),
    };
    // A cart opened by this write already has its status and time.
    const updated =
      created && Object.keys(settings).length === 0
        ? cart
        : await touch(tx, cart, { status: statusAfterActivity(cart.status), ...settings });
    // Another currency prices every line again; otherwise the lines are as just written.
    return result.currency
      ? readView(tx, updated, rules)
      : viewWithLines(tx, updated, linesNow, rules);
  });
}

/**
 * Stores a write's activity (status, time) and settings on the cart, and answers the new row. An
 * abandoned cart the shopper is back in is no longer abandoned.
 */
async function touch(
  tx: Transaction,
  cart: CartRow,
  set: Pick<Partial<CartRow>, "status" | "currency" | "discountCodeId">,
): Promise<CartRow> {
  const [updated] = await tx
    .update(carts)
    .set({ ...set, abandonedAt: null, updatedAt: new Date() })
    .where(eq(carts.id, cart.id))
    .returning();
  if (!updated) throw new Error("The cart disappeared during its own transaction");
  return updated;
}

/** The line `ref` names (see LineRef), or a not-found refusal. */
export function lineOf(state: CartState, ref: LineRef): PricedLine {
  const key = lineKey(ref);
  const line = state.lines.find((l) => keyOf(l) === key);
  if (!line || line.price === null) throw new DomainError("not_found", CART_MESSAGES.lineNotFound);
  return { ...line, price: line.price };
}
