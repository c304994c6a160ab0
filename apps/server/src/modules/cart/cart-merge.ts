// Sign-in: the guest's cart joins the account's. The domain's mergeItems decides which lines
// join; this file reads what it needs and writes its answer.
import {
  type CartMerge,
  type GuestLine,
  mergeItems,
  statusAfterActivity,
  subscriptionPrice,
} from "@storefront/domain";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/index.ts";
import { readLines } from "./cart-lines.ts";
import { type Line, lockCart } from "./cart-rows.ts";
import { itemsOf } from "./cart-view.ts";
import { recordEvents, saveLines } from "./cart-writes.ts";
import { carts } from "./schema.ts";
import { findVariants, type SellableVariant } from "./sellable.ts";

/** A guest line as the plan sees it: priced from `variant`, in the account cart's currency. */
function guestLine(line: Line, variant: SellableVariant | undefined): GuestLine {
  const base = variant?.price ?? null;
  return {
    sku: line.sku,
    title: line.title,
    quantity: line.quantity,
    subscription: line.plan ? { subscription_id: line.plan.code, label: line.plan.label } : null,
    price:
      base !== null && line.plan ? subscriptionPrice(base, line.plan.discountPercentage) : base,
    ...(line.bundle ? { bundle_id: line.bundle.bundleId, skus_selected: line.bundle.skus } : {}),
  };
}

/**
 * On sign-in or registration: adds each line of the guest's cart into the account's cart as the
 * domain's mergeItems plans it (19 lines, 19 of one, stock), priced in the account cart's
 * currency. A line that cannot join is reported with the rule's message, never dropped silently.
 * The guest cart is then deleted. The account's cart is opened (in the guest cart's currency)
 * only when needed; an account cart without a code takes the guest cart's code.
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
    const lines = await readLines(tx, cart);
    const found = await findVariants(
      tx,
      storeId,
      // A bundle line's contents too: their stock is the bundle's, and a new line stores them.
      guestLines.flatMap((l) => [l.sku, ...(l.bundle?.skus ?? [])]),
      cart.currency,
      userId,
    );
    const plan = mergeItems(
      { currency: cart.currency, items: itemsOf(lines) },
      guestLines.map((l) => guestLine(l, found.get(l.sku))),
      (sku) => found.get(sku)?.stock,
    );
    const joined = plan.merged.length > 0;
    if (joined) {
      await saveLines(tx, cart, lines, plan.items, found);
      await recordEvents(
        tx,
        cart,
        plan.merged.map((l) => ({ type: "item_added", sku: l.sku, quantity: l.quantity })),
      );
    }
    await tx
      .update(carts)
      .set({
        status: joined ? statusAfterActivity(cart.status) : cart.status,
        ...(joined ? { abandonedAt: null } : {}),
        updatedAt: new Date(),
        discountCodeId: cart.discountCodeId ?? guest.discountCodeId,
      })
      .where(eq(carts.id, cart.id));
    await tx.delete(carts).where(eq(carts.id, guest.id));
    return {
      merged: plan.merged.length,
      notMerged: plan.notMerged.map(({ line, message }) => ({
        sku: line.sku,
        title: line.title,
        quantity: line.quantity,
        subscription: line.subscription,
        message,
      })),
    };
  });
}
