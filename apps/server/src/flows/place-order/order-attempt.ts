import {
  CHECKOUT_MESSAGES,
  DomainError,
  type OrderDraft,
  type PlacedOrder,
  type PlaceOrderRequest,
} from "@storefront/domain";
import type { Database, Transaction } from "../../db/index.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import {
  type CartOwner,
  type CheckoutCart,
  cartSessionOf,
  selectionOf,
} from "../../modules/cart/index.ts";
import { lockCheckoutCart } from "../../modules/cart/writers.ts";
import {
  cartHasOtherUnpaidOrder,
  findOrderByKey,
  type OrderLineRow,
  type OrderRow,
  orderAccessKey,
  orderView,
  readOrderView,
} from "../../modules/orders/index.ts";
import { attachPaymentReference, insertOrder } from "../../modules/orders/writers.ts";
import type { ChargeRequest, PaymentProvider, Payments } from "../../modules/payments/index.ts";
import { completeOrderNow } from "../complete-order.ts";
import { takeHolds } from "../order-holds.ts";
import { releaseCartOrders, releaseOrder } from "../release-order.ts";

export interface CheckoutDeps {
  db: Database;
  /** The store's processor for new payments (its own Stripe account, or the test processor). */
  provider: PaymentProvider;
  /** Every processor: an order placed earlier is paid on the account that took it. */
  payments: Payments;
  /** Runs after the answer: the confirmation email (given the order's lines when at hand). */
  onPaid(order: OrderRow, lines?: readonly OrderLineRow[]): void;
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
  return (await cartSessionOf(db, order.cartId)) === owner.sessionId;
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
  const attached = await attachPaymentReference(deps.db, order.id, reference);
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
    saveMethod: order.savesPaymentMethod,
  };
}

/**
 * Writes the attempt's order awaiting payment, in one transaction under the cart's lock: its
 * lines, its stock (guarded) and its code's redemption (guarded). The cart's unpaid orders of
 * other attempts (another tab, a try cut off before its payment) are released first, in their
 * own transaction so no two stock updates wait on each other, and the check is repeated under
 * the lock, so two attempts of one cart never both hold it. Answers the new order and the ones it
 * released, or the order a concurrent request with the same key wrote first.
 */
export async function holdOrder(
  attempt: OrderAttempt,
): Promise<
  { order: OrderRow; lines: OrderLineRow[]; released: OrderRow[] } | { earlier: OrderRow }
> {
  const { deps, owner, cart, draft, now } = attempt;
  const released: OrderRow[] = [];
  for (let round = 0; round < 3; round += 1) {
    let held: { order: OrderRow; lines: OrderLineRow[] } | null;
    try {
      held = await deps.db.transaction(async (tx) => {
        await lockUnchangedCart(tx, owner, cart);
        const { storeId, idempotencyKey } = draft;
        if (await cartHasOtherUnpaidOrder(tx, storeId, cart.cart.id, idempotencyKey)) return null;
        const written = await insertOrder(tx, draft, now);
        await takeHolds(tx, written.order, draft.lines, { claim: true });
        return written;
      });
    } catch (err) {
      // This key's order exists already (a retried or doubled request, its cart changed or
      // emptied since): the answer is that order.
      const mayBeEarlier =
        isUniqueViolation(err) || (err instanceof DomainError && err.code === "conflict");
      const earlier = mayBeEarlier
        ? await findOrderByKey(deps.db, owner.storeId, draft.idempotencyKey)
        : null;
      if (!earlier) throw err;
      return { earlier };
    }
    if (held) return { ...held, released };
    released.push(
      ...(await deps.db.transaction((tx) =>
        releaseCartOrders(tx, draft.storeId, cart.cart.id, now, draft.idempotencyKey),
      )),
    );
  }
  // Other attempts of this cart keep starting: this one gives way.
  throw new DomainError("conflict", CHECKOUT_MESSAGES.replaced);
}

/**
 * Charges a card now for an order that holds its stock (the test processor), under the order's
 * fixed key: a retry or a doubled request gets the same charge, never a second one. Declined: the
 * order ends and gives its stock back. Paid: the order is completed; if it was released meanwhile
 * (replaced by a newer checkout of the cart), the charge is refunded.
 */
export async function payHeldOrder(
  deps: CheckoutDeps,
  order: OrderRow,
  idempotencyKey: string,
  card: PlaceOrderRequest["card"],
  now: Date,
  /** The order's lines when the caller has them (it just wrote them); else they are read. */
  lines?: readonly OrderLineRow[],
): Promise<PlacedOrder> {
  const { db, provider } = deps;
  // A failure here leaves the order holding its stock: a retry with the same key charges it
  // under the same key, and the sweeper releases it after 30 minutes otherwise.
  const charge = await viaProvider(deps, () => provider.charge({ ...intentRequest(order), card }));
  if (charge.status === "declined") {
    await db.transaction((tx) => releaseOrder(tx, order, "declined", charge.message, now));
    throw new DomainError("payment_declined", charge.message);
  }
  if (charge.status !== "succeeded") {
    throw new Error(`${provider.name} answered ${charge.status} to a payment made now`);
  }
  const completed = await completeOrderNow(db, order, charge, now);
  // Not completed by this call: a doubled request completed it, or it was released meanwhile.
  const current = completed ?? (await findOrderByKey(db, order.storeId, idempotencyKey));
  const paidWithThisCharge =
    current?.status === "paid" && current.paymentReference === charge.reference;
  if (!current || !paidWithThisCharge) {
    await viaProvider(deps, () => provider.refund(charge.reference, `order-${order.id}-refund`));
    throw new DomainError("conflict", CHECKOUT_MESSAGES.replaced);
  }
  const view = lines ? orderView(current, lines) : await readOrderView(db, current);
  if (completed) deps.onPaid(current, lines);
  const accessKey = orderAccessKey(order.id, idempotencyKey);
  return { status: "paid", order: view, accessKey };
}

/**
 * The answer for an order that exists already (a retried or doubled request of the visitor who
 * placed it). An order awaiting payment asks the provider again with the order's fixed key, which
 * answers the same PaymentIntent (Stripe; stored if the first request could not) or the same
 * charge (the test processor, which then completes the order).
 */
export async function answerFor(
  given: CheckoutDeps,
  order: OrderRow,
  idempotencyKey: string,
  owner: CartOwner,
  card?: PlaceOrderRequest["card"],
): Promise<PlacedOrder> {
  if (!(await placedBy(given.db, order, owner))) {
    throw new DomainError("conflict", CHECKOUT_MESSAGES.keyInUse);
  }
  // Asked again on the account the order was placed with, though the store changed it since.
  const deps =
    order.status === "awaiting_payment"
      ? {
          ...given,
          provider: await viaProvider(given, async () => given.payments.forPayment(order)),
        }
      : given;
  const accessKey = orderAccessKey(order.id, idempotencyKey);
  if (order.status === "paid") {
    return { status: "paid", order: await readOrderView(deps.db, order), accessKey };
  }
  if (order.status === "declined") {
    throw new DomainError(
      "payment_declined",
      order.failureMessage ?? CHECKOUT_MESSAGES.attemptEnded,
    );
  }
  if (order.status === "awaiting_payment" && !deps.provider.confirmsLater && card) {
    return payHeldOrder(deps, order, idempotencyKey, card, deps.now?.() ?? new Date());
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
      .map(
        (l) =>
          `${l.variantId}:${l.plan?.id ?? ""}:${selectionOf(l.bundle).join("+")}:${l.quantity}:${l.price}`,
      )
      .join(",")}`;
  if (!now || shape(now) !== shape(priced)) {
    throw new DomainError("conflict", CHECKOUT_MESSAGES.cartChanged);
  }
}
