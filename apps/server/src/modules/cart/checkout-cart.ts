// The cart as checkout and orders see it: read for a quote, locked for the order's transaction,
// and purchased once paid.
import { type Currency, cartTotals } from "@storefront/domain";
import { type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/index.ts";
import { type DiscountCode, discountInCurrency } from "../discounts/index.ts";
import { readLines, readOpenCart } from "./cart-lines.ts";
import { type CartOwner, type CartRow, type Line, lockCart } from "./cart-rows.ts";
import { activeCodeOf, itemOf, type PricedLine, pricedLines, shipsAnything } from "./cart-view.ts";

/** A cart as checkout reads it: its row, its priced lines and its code, with the cart's totals. */
export interface CheckoutCart {
  cart: CartRow;
  currency: Currency;
  lines: PricedLine[];
  code: DiscountCode | null;
  subtotal: number;
  discount: number;
  /** Whether any line is shipped; when none is, checkout asks no street address nor shipping. */
  requiresShipping: boolean;
}

/**
 * The owner's open cart for checkout (a quote, or the prices an order starts from), or null when
 * there is none or it has no line priced in its currency.
 */
export async function readCheckoutCart(
  db: Database,
  owner: CartOwner,
): Promise<CheckoutCart | null> {
  const open = await readOpenCart(db, owner);
  return open ? checkoutCartOf(db, open.cart, open.lines) : null;
}

/**
 * As readCheckoutCart, with the cart row locked for the caller's transaction (the order's), so
 * nothing changes the cart until that transaction ends.
 */
export async function lockCheckoutCart(
  tx: Transaction,
  owner: CartOwner,
): Promise<CheckoutCart | null> {
  // Locked first, then read: the lines are read after the lock is held, so they are current.
  const cart = await lockCart(tx, owner, null);
  return cart ? checkoutCartOf(tx, cart, await readLines(tx, cart)) : null;
}

async function checkoutCartOf(
  db: Database,
  cart: CartRow,
  lines: Line[],
): Promise<CheckoutCart | null> {
  const currency = cart.currency;
  const code = await activeCodeOf(db, cart);
  const priced = pricedLines(lines);
  if (priced.length === 0) return null;
  const totals = cartTotals(priced.map(itemOf), code ? discountInCurrency(code, currency) : null);
  return {
    cart,
    currency,
    lines: priced,
    code,
    subtotal: totals.subtotal,
    discount: totals.discount,
    requiresShipping: shipsAnything(priced),
  };
}

/**
 * Checkout's last step, as common table expressions for the statement that marks the order paid:
 * the order's lines leave the cart, and the cart is then purchased (the next add opens a new one),
 * unless the shopper added something while the payment was under way: those lines stay, in a cart
 * that stays open. Both happen only when `paid` (the order's row, locked in the same statement)
 * holds a row, so a cart is never emptied for an order that another request released meanwhile.
 */
export function cartPurchasedWith(
  db: Database,
  paid: SQL,
  storeId: string | Placeholder,
  cartId: string | Placeholder,
  orderId: string | Placeholder,
) {
  const removed = db.$with("removed", { id: sql<string>`id` }).as(sql`
    delete from cart_lines cl
    where cl.cart_id = ${cartId} and cl.store_id = ${storeId}
      and exists (${paid})
      and exists (
        select 1 from order_lines ol
        where ol.order_id = ${orderId} and ol.variant_id = cl.variant_id
          and ol.plan_id is not distinct from cl.plan_id and ol.selection = cl.selection
      )
    returning cl.id`);
  // The update sees the lines as they were before the delete, hence `removed`.
  const purchased = db.$with("purchased", { id: sql<string>`id` }).as(sql`
    update carts set
      status = case when exists (
        select 1 from cart_lines left_over
        where left_over.cart_id = ${cartId}
          and left_over.id not in (select id from removed)
      ) then 'active' else 'purchased' end,
      updated_at = now()
    where carts.id = ${cartId} and carts.store_id = ${storeId} and exists (${paid})
    returning carts.id`);
  return [removed, purchased] as const;
}
