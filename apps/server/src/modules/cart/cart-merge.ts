// Sign-in: the guest's cart joins the account's.
import {
  CART_MESSAGES,
  type CartMerge,
  REFUSAL_MESSAGES,
  statusAfterActivity,
} from "@storefront/domain";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/index.ts";
import { carts } from "../../db/schema.ts";
import { addWithinStock, newItem, notSoldIn } from "./cart-commands.ts";
import {
  type CartEvent,
  findVariants,
  lockCart,
  readLines,
  recordEvents,
  saveLines,
} from "./cart-queries.ts";
import { itemsOf } from "./cart-view.ts";

/**
 * On sign-in or registration: adds each line of the guest's cart into the account's cart with the
 * domain's addItem (19 lines, 19 of one, stock), priced in the account cart's currency. A line
 * that cannot join is reported with the rule's message, never dropped silently. The guest cart is
 * then deleted. The account's cart is opened (in the guest cart's currency) only when needed; an
 * account cart without a code takes the guest cart's code.
 */
export async function mergeGuestCart(
  db: Database,
  storeId: string,
  sessionId: string | null,
  userId: string,
): Promise<CartMerge> {
  const nothing: CartMerge = { merged: 0, notMerged: [] };
  if (sessionId === null) return nothing;
  return db.transaction(async (tx) => {
    const guest = await lockCart(tx, { storeId, userId: null, sessionId }, null);
    if (!guest) return nothing;
    const guestLines = await readLines(tx, guest);
    if (guestLines.length === 0) {
      await tx.delete(carts).where(eq(carts.id, guest.id));
      return nothing;
    }
    const cart = await lockCart(tx, { storeId, userId, sessionId: null }, guest.currency);
    if (!cart) throw new Error("The account's cart could not be opened");
    const currency = cart.currency;
    const lines = await readLines(tx, cart);
    const found = await findVariants(
      tx,
      storeId,
      guestLines.map((l) => l.sku),
      currency,
    );
    let items = itemsOf(lines);
    const events: CartEvent[] = [];
    const notMerged: CartMerge["notMerged"] = [];
    for (const line of guestLines) {
      const refused = (message: string) =>
        notMerged.push({
          sku: line.sku,
          title: line.title,
          quantity: line.quantity,
          subscription: line.plan
            ? { subscription_id: line.plan.code, label: line.plan.label }
            : null,
          message,
        });
      const variant = found.get(line.sku);
      if (!variant) {
        refused(CART_MESSAGES.productNotFound);
        continue;
      }
      if (variant.price === null) {
        refused(notSoldIn(variant, currency).message);
        continue;
      }
      const result = addWithinStock(
        items,
        newItem({ ...variant, price: variant.price }, line.quantity, line.plan),
        variant.stock,
      );
      if (!result.ok) {
        refused(REFUSAL_MESSAGES[result.refusal]);
        continue;
      }
      items = result.items;
      events.push({ type: "item_added", sku: line.sku, quantity: line.quantity });
    }
    if (events.length > 0) {
      await saveLines(tx, cart, lines, items, found);
      await recordEvents(tx, cart, events);
    }
    await tx
      .update(carts)
      .set({
        status: events.length > 0 ? statusAfterActivity(cart.status) : cart.status,
        updatedAt: new Date(),
        discountCodeId: cart.discountCodeId ?? guest.discountCodeId,
      })
      .where(eq(carts.id, cart.id));
    await tx.delete(carts).where(eq(carts.id, guest.id));
    return { merged: events.length, notMerged };
  });
}
