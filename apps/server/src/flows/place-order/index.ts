/**
 * Place an order: the flow behind POST /api/checkout. Its steps:
 * 1. draft: the checkout module recomputes the order from the cart (a read; refused when the
 *    total differs from the one the shopper was shown);
 * 2. hold: one transaction writes the order awaiting payment with its lines and takes what it
 *    holds (stock, code, points: see order-holds.ts), releasing the cart's older unpaid orders;
 * 3. pay: the test processor charges the card now (pay-now.ts), or Stripe makes the
 *    PaymentIntent the browser confirms (pay-later.ts);
 * 4. complete: the order is paid, its cart purchased, its subscriptions started, points and
 *    commission credited (complete-order.ts); with Stripe, the payment event does it.
 * A failed payment releases the hold (release-order.ts); a retried request with the same
 * Idempotency-Key answers the order it placed (answerFor).
 */
import type { OrderDraft, PlacedOrder, PlaceOrderRequest } from "@storefront/domain";
import type { CartOwner, CheckoutCart } from "../../modules/cart/index.ts";
import { draftOrder } from "../../modules/checkout/index.ts";
import { findOrderByKey } from "../../modules/orders/index.ts";
import { answerFor, type CheckoutDeps, type OrderAttempt } from "./order-attempt.ts";
import { placeHeldOrder } from "./pay-later.ts";
import { placePaidOrder } from "./pay-now.ts";

/**
 * Places the order for the visitor's cart, once per Idempotency-Key. The server recomputes every
 * total and refuses (409) when it differs from the total the shopper was shown; then the
 * order holds its stock and code before any payment; then the provider decides the path: the test
 * processor charges the card now and the order is completed (placePaidOrder); with Stripe the
 * browser confirms the payment and the webhook completes the order (placeHeldOrder).
 */
export function placeOrder(
  deps: CheckoutDeps,
  owner: CartOwner,
  input: PlaceOrderRequest,
  idempotencyKey: string,
): Promise<PlacedOrder> {
  // Requests with one key take turns in this process: a retry sent while the first is still
  // paying waits for it and then answers its order.
  return inTurn(`${owner.storeId}\n${idempotencyKey}`, () =>
    placeOrderOnce(deps, owner, input, idempotencyKey),
  );
}

const turns = new Map<string, Promise<unknown>>();

async function inTurn<T>(key: string, run: () => Promise<T>): Promise<T> {
  const before = turns.get(key) ?? Promise.resolve();
  const mine = before.catch(() => {}).then(run);
  turns.set(key, mine);
  try {
    return await mine;
  } finally {
    if (turns.get(key) === mine) turns.delete(key);
  }
}

async function placeOrderOnce(
  deps: CheckoutDeps,
  owner: CartOwner,
  input: PlaceOrderRequest,
  idempotencyKey: string,
): Promise<PlacedOrder> {
  const now = deps.now?.() ?? new Date();
  // An order placed already under this key (a retried or doubled request) is found where placing
  // it again fails: its cart is empty or changed since (below), or the key is taken (holdOrder).
  let drafted: { cart: CheckoutCart; draft: OrderDraft };
  try {
    drafted = await draftOrder(deps, owner, input, idempotencyKey);
  } catch (error) {
    // The answer is that order, not "Your cart is empty".
    const placed = await findOrderByKey(deps.db, owner.storeId, idempotencyKey);
    if (placed) return answerFor(deps, placed, idempotencyKey, owner, input.card);
    throw error;
  }
  const attempt: OrderAttempt = { deps, owner, idempotencyKey, ...drafted, now };
  return deps.provider.confirmsLater
    ? placeHeldOrder(attempt)
    : placePaidOrder(attempt, input.card);
}
