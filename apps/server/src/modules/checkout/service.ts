import {
  CHECKOUT_MESSAGES,
  type CheckoutQuote,
  type CheckoutQuoteRequest,
  type CheckoutSettings,
  type CheckoutTotals,
  checkoutTotals,
  commissionEarned,
  countryOfCurrency,
  DomainError,
  type OrderView,
  type PlaceOrderRequest,
  SUBSCRIPTION_MESSAGES,
} from "@storefront/domain";
import { and, eq } from "drizzle-orm";
import type { Database, Transaction } from "../../db/index.ts";
import {
  carts as cartsTable,
  orders as ordersTable,
  paymentEvents,
  stores,
  users,
} from "../../db/schema.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import type { CartOwner } from "../cart/cart-queries.ts";
import { type CheckoutCart, lockCheckoutCart, readCheckoutCart } from "../cart/checkout-cart.ts";
import {
  completeOrder,
  findOrderByKey,
  insertOrder,
  type OrderDraft,
  type OrderRow,
  orderAccessKey,
  readOrderView,
  releaseCartOrders,
} from "../orders/service.ts";
import type { ChargeRequest, PaymentProvider } from "../payments/provider.ts";
import { planView } from "../subscriptions/service.ts";

async function checkoutSettings(db: Database, storeId: string): Promise<CheckoutSettings> {
  const [row] = await db
    .select({ settings: stores.checkoutSettings })
    .from(stores)
    .where(eq(stores.id, storeId));
  if (!row) throw new DomainError("not_found", "Store not found");
  return row.settings;
}

function countryMismatch(): DomainError {
  return new DomainError("invalid", CHECKOUT_MESSAGES.countryCurrency, {
    "address.country": CHECKOUT_MESSAGES.countryCurrency,
  });
}

function totalsOf(
  cart: CheckoutCart,
  settings: CheckoutSettings,
  address: CheckoutQuoteRequest["address"] | null,
  shippingOptionId: string | null,
): CheckoutTotals {
  if (address && address.country !== countryOfCurrency(cart.currency)) throw countryMismatch();
  return checkoutTotals({
    currency: cart.currency,
    subtotal: cart.subtotal,
    discount: cart.discount,
    settings,
    address: address ?? null,
    shippingOptionId,
  });
}

/**
 * The cart to check out. A subscription is kept on an account, so a guest whose cart holds a
 * subscription line is asked to sign in (401) before anything is quoted or charged.
 */
async function cartOrRefuse(db: Database, owner: CartOwner): Promise<CheckoutCart> {
  const cart = await readCheckoutCart(db, owner);
  if (!cart) throw new DomainError("conflict", CHECKOUT_MESSAGES.emptyCart);
  if (owner.userId === null && cart.lines.some((l) => l.plan !== null)) {
    throw new DomainError("unauthorized", SUBSCRIPTION_MESSAGES.signInToCheckout);
  }
  return cart;
}

/** What the visitor's cart would cost shipped to an address (shipping and tax once it is known). */
export async function quoteCheckout(
  db: Database,
  owner: CartOwner,
  request: CheckoutQuoteRequest,
): Promise<CheckoutQuote> {
  const [cart, settings] = await Promise.all([
    cartOrRefuse(db, owner),
    checkoutSettings(db, owner.storeId),
  ]);
  const totals = totalsOf(
    cart,
    settings,
    request.address ?? null,
    request.shippingOptionId ?? null,
  );
  return {
    ...totals,
    itemCount: cart.lines.reduce((sum, l) => sum + l.quantity, 0),
    discountCode: cart.code?.code.toUpperCase() ?? null,
    discountPercentage: cart.code?.discountPercentage ?? null,
  };
}

export type PlaceOrderResult =
  | { status: "paid"; order: OrderView; accessKey: string }
  | { status: "awaiting_payment"; order: OrderView; accessKey: string; clientSecret: string };

export interface CheckoutDeps {
  db: Database;
  provider: PaymentProvider;
  /** Runs after the answer: the confirmation email. */
  onPaid(order: OrderRow): void;
  /** A provider call failed (network, outage, keys): for the log; the shopper gets a 503. */
  onProviderError?(err: unknown): void;
  now?: () => Date;
}

/**
 * Calls the payment provider. Its own failures (network, outage, a key it refuses) reach the
 * shopper as 503 "Card payment is unavailable…", never with the provider's text or status.
 */
async function viaProvider<T>(deps: CheckoutDeps, call: () => Promise<T>): Promise<T> {
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
async function attachPayment(
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

async function affiliateCommission(
  db: Database,
  cart: CheckoutCart,
  buyer: { userId: string | null; email: string },
): Promise<{ affiliateUserId: string | null; commissionAmount: number }> {
  const affiliateId = cart.code?.affiliateUserId ?? null;
  if (!affiliateId) return { affiliateUserId: null, commissionAmount: 0 };
  const [affiliate] = await db
    .select({ percentage: users.commissionPercentage, email: users.email })
    .from(users)
    .where(and(eq(users.id, affiliateId), eq(users.storeId, cart.cart.storeId)));
  // Its owner cannot use a personal code, signed in or checking out as a guest with their email.
  if (affiliateId === buyer.userId || affiliate?.email === buyer.email.toLowerCase()) {
    throw new DomainError("conflict", CHECKOUT_MESSAGES.ownCode);
  }
  const percentage = affiliate?.percentage ?? 0;
  return {
    affiliateUserId: affiliateId,
    commissionAmount: commissionEarned(cart.subtotal - cart.discount, percentage),
  };
}

/**
 * The answer for an order that exists already (a retried or doubled request of the visitor who
 * placed it). An order awaiting payment asks the provider again with the order's fixed key, which
 * answers the same PaymentIntent, and stores it if the first request could not.
 */
async function answerFor(
  deps: CheckoutDeps,
  order: OrderRow,
  idempotencyKey: string,
  owner: CartOwner,
): Promise<PlaceOrderResult> {
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
async function lockUnchangedCart(tx: Transaction, owner: CartOwner, priced: CheckoutCart) {
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

/** Whether the charge under this key was refunded after its order could not be placed. */
async function chargeRefunded(db: Database, chargeKey: string): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(eq(paymentEvents.id, `refunded:${chargeKey}`));
  return row !== undefined;
}

/** The payment for an order held for the browser to confirm (Stripe). */
function intentRequest(order: OrderRow): ChargeRequest {
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
 * Places the order for the visitor's cart, once per Idempotency-Key. The server recomputes every
 * total and refuses (409) when it differs from the total the shopper was shown.
 *
 * With the test processor the card is charged first, then ONE transaction writes the paid order
 * and its lines, takes the stock (guarded), counts the code's redemption (guarded) and empties the
 * cart; if that fails (the last unit went to someone else) the charge is refunded.
 * With Stripe the same transaction holds the stock for 30 minutes with the order awaiting
 * payment; the browser confirms the PaymentIntent and the webhook completes the order.
 */
export async function placeOrder(
  deps: CheckoutDeps,
  owner: CartOwner,
  input: PlaceOrderRequest,
  idempotencyKey: string,
): Promise<PlaceOrderResult> {
  const { db, provider } = deps;
  const now = deps.now?.() ?? new Date();
  const earlier = await findOrderByKey(db, owner.storeId, idempotencyKey);
  if (earlier) return answerFor(deps, earlier, idempotencyKey, owner);

  const [cart, settings] = await Promise.all([
    cartOrRefuse(db, owner),
    checkoutSettings(db, owner.storeId),
  ]);
  // A code used up since it was applied no longer takes anything off: say why the total moved.
  if (cart.code && cart.code.redemptions >= cart.code.maxRedemptions) {
    throw new DomainError("conflict", CHECKOUT_MESSAGES.discountUsedUp);
  }
  const totals = totalsOf(cart, settings, input.address, input.shippingOptionId);
  const shipping = totals.selectedShippingOption;
  if (!shipping || shipping.id !== input.shippingOptionId) {
    throw new DomainError("invalid", "Choose one of the shipping options offered", {
      shippingOptionId: "Choose one of the shipping options offered",
    });
  }
  if (totals.total !== input.expectedTotal) {
    throw new DomainError("conflict", CHECKOUT_MESSAGES.totalChanged);
  }
  const draft: OrderDraft = {
    storeId: owner.storeId,
    idempotencyKey,
    userId: owner.userId,
    cartId: cart.cart.id,
    email: input.email,
    name: input.name,
    address: input.address,
    currency: cart.currency,
    subtotal: totals.subtotal,
    discountAmount: totals.discountAmount,
    discountCodeId: cart.code?.id ?? null,
    discountCode: cart.code?.code.toUpperCase() ?? null,
    ...(await affiliateCommission(db, cart, { userId: owner.userId, email: input.email })),
    shippingOptionId: shipping.id,
    shippingLabel: shipping.label,
    shippingAmount: totals.shipping,
    taxLines: totals.taxLines,
    taxAmount: totals.taxAmount,
    total: totals.total,
    paymentProvider: provider.name,
    lines: cart.lines.map((l) => ({
      variantId: l.variantId,
      productId: l.productId,
      sku: l.sku,
      handle: l.handle,
      title: l.title,
      attributes: l.attributes,
      imageUrl: l.imageUrls[0] ?? null,
      quantity: l.quantity,
      unitPrice: l.price,
      planId: l.plan?.id ?? null,
      subscription: l.plan ? planView(l.plan) : null,
    })),
  };

  /** A concurrent request with the same key won the insert: answer with its order. */
  const sameKeyWon = async (err: unknown): Promise<PlaceOrderResult> => {
    const winner = isUniqueViolation(err)
      ? await findOrderByKey(db, owner.storeId, idempotencyKey)
      : null;
    if (!winner) throw err;
    return answerFor(deps, winner, idempotencyKey, owner);
  };

  if (provider.confirmsLater) {
    // A shopper who changed the checkout pays for a new order: the cart's older, unpaid ones give
    // their stock back first (their own transaction, so no two stock updates wait on each other).
    const replaced = await db.transaction((tx) =>
      releaseCartOrders(tx, draft.storeId, draft.cartId, now),
    );
    for (const old of replaced) {
      if (!old.paymentReference) continue;
      await provider
        .cancel(old.paymentReference, `order-${old.id}-cancel`)
        .catch(() => undefined /* a payment already completed is refunded by its webhook */);
    }
    let order: OrderRow;
    try {
      order = await db.transaction(async (tx) => {
        await lockUnchangedCart(tx, owner, cart);
        return insertOrder(tx, draft, { status: "awaiting_payment", now });
      });
    } catch (err) {
      return sameKeyWon(err);
    }
    // A failure here leaves the order held without a payment: retrying with the same key asks
    // again under the order's fixed key, and the sweeper releases it after 30 minutes otherwise.
    const charge = await viaProvider(deps, () => provider.charge(intentRequest(order)));
    if (charge.status !== "requires_confirmation") {
      throw new Error(`${provider.name} answered ${charge.status} to a payment to confirm`);
    }
    const held = await attachPayment(deps, order, charge.reference);
    return {
      status: "awaiting_payment",
      order: await readOrderView(db, held),
      accessKey: orderAccessKey(order.id, idempotencyKey),
      clientSecret: charge.clientSecret,
    };
  }

  // One charge per attempt and amount; a charge refunded after a failed placement is never used
  // again (a retry of that attempt must start a new one).
  const chargeKey = `checkout-${owner.storeId}-${idempotencyKey}-${totals.total}`;
  if (await chargeRefunded(db, chargeKey)) {
    throw new DomainError("conflict", CHECKOUT_MESSAGES.attemptEnded);
  }
  const charge = await viaProvider(deps, () =>
    provider.charge({
      storeId: owner.storeId,
      orderId: null,
      description: `Order from ${input.email}`,
      amount: totals.total,
      currency: cart.currency,
      email: input.email,
      idempotencyKey: chargeKey,
      card: input.card,
    }),
  );
  if (charge.status === "declined") throw new DomainError("payment_declined", charge.message);
  if (charge.status !== "succeeded") {
    throw new Error(`${provider.name} answered ${charge.status} to a payment made now`);
  }
  let order: OrderRow;
  try {
    order = await db.transaction(async (tx) => {
      await lockUnchangedCart(tx, owner, cart);
      const row = await insertOrder(tx, draft, { status: "awaiting_payment", now });
      await completeOrder(tx, row, charge, now);
      return { ...row, status: "paid" as const, paidAt: now };
    });
  } catch (err) {
    // A concurrent request of the same attempt placed the order with this very charge.
    const winner = await findOrderByKey(db, owner.storeId, idempotencyKey);
    if (winner) return answerFor(deps, winner, idempotencyKey, owner);
    await viaProvider(deps, () => provider.refund(charge.reference, `${chargeKey}-refund`));
    await db
      .insert(paymentEvents)
      .values({ id: `refunded:${chargeKey}`, provider: provider.name, type: "refund" })
      .onConflictDoNothing();
    throw err;
  }
  const accessKey = orderAccessKey(order.id, idempotencyKey);
  deps.onPaid(order);
  const paid = await findOrderByKey(db, owner.storeId, idempotencyKey);
  return { status: "paid", order: await readOrderView(db, paid ?? order), accessKey };
}
