import {
  CHECKOUT_MESSAGES,
  DomainError,
  type OrderDraft,
  type PlacedOrder,
} from "@storefront/domain";
import { and, eq } from "drizzle-orm";
import type { Database, Transaction } from "../../db/index.ts";
import { carts as cartsTable, orders as ordersTable } from "../../db/schema.ts";
import type { CartOwner } from "../cart/cart-queries.ts";
import { type CheckoutCart, lockCheckoutCart } from "../cart/checkout-cart.ts";
import { orderAccessKey } from "../orders/order-lifecycle.ts";
import { type OrderRow, readOrderView } from "../orders/order-reads.ts";
import type { ChargeRequest, PaymentProvider } from "../payments/provider.ts";

export interface CheckoutDeps {
  db: Database;
  provider: PaymentProvider;
  /** Runs after the answer: the confirmation email. */
  onPaid(order: OrderRow): void;
  /** A provider call failed (network, outage, keys): for the log; the shopper gets a 503. */
  onProviderError?(err: unknown): void;
  now?: () => Date;
}

/** One placement, priced and drafted, handed to the path that takes its payment. */
export interface OrderAttempt {
  deps: CheckoutDeps;
  owner: CartOwner;
  idempotencyKey: string;
  /** The cart as it was priced; the order's transaction checks it has not changed since. */
  cart: CheckoutCart;
  draft: OrderDraft;
  now: Date;
}

/**
 * Calls the payment provider. Its own failures (network, outage, a key it refuses) reach the
 * shopper as 503 "Card payment is unavailable…", never with the provider's text or status.
 */
export async function viaProvider<T>(deps: CheckoutDeps, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof DomainError) throw err;
    deps.onProviderError?.(err);
    throw new DomainError("unavailable", CHECKOUT_MESSAGES.cardUnavailable);
  }
}

/** Whether the order was placed by this visitor: the same account, else the same guest session. */
async function placedBy(db: Database, order: OrderRow, owner: CartOwner): Promise<boolean> {
  if (order.userId !== null || owner.userId !== null) return order.userId === owner.userId;
  if (!order.cartId || !owner.sessionId) return false;
  const [cart] = await db
    .select({ sessionId: cartsTable.sessionId })
    .from(cartsTable)
    .where(eq(cartsTable.id, order.cartId));
  return cart?.sessionId === owner.sessionId;
}

/**
 * Stores the PaymentIntent on an order still awaiting payment. When the order was released
 * meanwhile (replaced by a newer checkout, expired), the intent is cancelled and the shopper told.
 */
export async function attachPayment(
  deps: CheckoutDeps,
  order: OrderRow,
  reference: string,
): Promise<OrderRow> {
  const [attached] = await deps.db
    .update(ordersTable)
    .set({ paymentReference: reference })
    .where(and(eq(ordersTable.id, order.id), eq(ordersTable.status, "awaiting_payment")))
    .returning();
  if (attached) return attached;
  await viaProvider(deps, () => deps.provider.cancel(reference, `order-${order.id}-cancel`));
  throw new DomainError("conflict", CHECKOUT_MESSAGES.replaced);
}

/** The payment for an order held for the browser to confirm (Stripe). */
export function intentRequest(order: OrderRow): ChargeRequest {
  return {
    storeId: order.storeId,
    orderId: order.id,
    description: `Order ${order.number}`,
    amount: order.total,
    currency: order.currency,
    email: order.email,
    idempotencyKey: `order-${order.id}-intent`,
  };
}

/**
 * The answer for an order that exists already (a retried or doubled request of the visitor who
 * placed it). An order awaiting payment asks the provider again with the order's fixed key, which
 * answers the same PaymentIntent, and stores it if the first request could not.
 */
export async function answerFor(
  deps: CheckoutDeps,
  order: OrderRow,
  idempotencyKey: string,
  owner: CartOwner,
): Promise<PlacedOrder> {
  if (!(await placedBy(deps.db, order, owner))) {
    throw new DomainError("conflict", CHECKOUT_MESSAGES.keyInUse);
  }
  const accessKey = orderAccessKey(order.id, idempotencyKey);
  if (order.status === "paid") {
    return { status: "paid", order: await readOrderView(deps.db, order), accessKey };
  }
  if (order.status === "awaiting_payment" && deps.provider.confirmsLater) {
    const charge = await viaProvider(deps, () => deps.provider.charge(intentRequest(order)));
    if (charge.status === "requires_confirmation") {
      const held = order.paymentReference
        ? order
        : await attachPayment(deps, order, charge.reference);
      return {
        status: "awaiting_payment",
        order: await readOrderView(deps.db, held),
        accessKey,
        clientSecret: charge.clientSecret,
      };
    }
  }
  throw new DomainError("conflict", order.failureMessage ?? CHECKOUT_MESSAGES.attemptEnded);
}

/** The cart, locked for the order's transaction, must still be the one that was priced. */
export async function lockUnchangedCart(tx: Transaction, owner: CartOwner, priced: CheckoutCart) {
  const now = await lockCheckoutCart(tx, owner);
  const shape = (c: CheckoutCart) =>
    // The code's id, not its amount: a code used up meanwhile is refused by its own guard, with
    // its own message.
    `${c.cart.id}|${c.code?.id ?? ""}|${c.lines
      .map((l) => `${l.variantId}:${l.plan?.id ?? ""}:${l.quantity}:${l.price}`)
      .join(",")}`;
  if (!now || shape(now) !== shape(priced)) {
    throw new DomainError("conflict", CHECKOUT_MESSAGES.cartChanged);
  }
}
