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
import type { Database } from "../../db/index.ts";
import { orders as ordersTable, stores, users } from "../../db/schema.ts";
import { type CartOwner, type CheckoutCart, readCheckoutCart } from "../cart/service.ts";
import {
  completeOrder,
  findOrderByKey,
  insertOrder,
  isUniqueViolation,
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
  now?: () => Date;
}

async function affiliateCommission(
  db: Database,
  cart: CheckoutCart,
  buyerId: string | null,
): Promise<{ affiliateUserId: string | null; commissionAmount: number }> {
  const affiliateId = cart.code?.affiliateUserId ?? null;
  if (!affiliateId) return { affiliateUserId: null, commissionAmount: 0 };
  if (affiliateId === buyerId) {
    throw new DomainError("conflict", "Your personal code is for the friends you share it with");
  }
  const [affiliate] = await db
    .select({ percentage: users.commissionPercentage })
    .from(users)
    .where(and(eq(users.id, affiliateId), eq(users.storeId, cart.cart.storeId)));
  const percentage = affiliate?.percentage ?? 0;
  return {
    affiliateUserId: affiliateId,
    commissionAmount: commissionEarned(cart.subtotal - cart.discount, percentage),
  };
}

/** The answer for an order that exists already (a retried or doubled request). */
async function answerFor(
  deps: CheckoutDeps,
  order: OrderRow,
  idempotencyKey: string,
): Promise<PlaceOrderResult> {
  const view = await readOrderView(deps.db, order);
  const accessKey = orderAccessKey(order.id, idempotencyKey);
  if (order.status === "paid") return { status: "paid", order: view, accessKey };
  if (order.status === "awaiting_payment" && order.paymentReference) {
    // The provider answers a repeated key with the same payment and its client secret.
    const charge = await deps.provider.charge(intentRequest(order));
    if (charge.status === "requires_confirmation") {
      return {
        status: "awaiting_payment",
        order: view,
        accessKey,
        clientSecret: charge.clientSecret,
      };
    }
  }
  throw new DomainError(
    "conflict",
    order.failureMessage ?? "This checkout has ended. Please review your cart and try again.",
  );
}

/** The payment for an order held for the browser to confirm (Stripe). */
function intentRequest(order: OrderRow): ChargeRequest {
  return {
    storeId: order.storeId,
    orderId: order.id,
    description: `Order ${order.number}`,
    amount: order.total,
    currency: order.currency === "cad" ? "cad" : "usd",
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
  if (earlier) return answerFor(deps, earlier, idempotencyKey);

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
    ...(await affiliateCommission(db, cart, owner.userId)),
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
    return answerFor(deps, winner, idempotencyKey);
  };

  if (provider.confirmsLater) {
    let order: OrderRow;
    let replaced: OrderRow[];
    try {
      ({ order, replaced } = await db.transaction(async (tx) => ({
        // A shopper who changed the checkout pays for a new order: the cart's older, unpaid
        // ones give their stock back now rather than when their hold expires.
        replaced: await releaseCartOrders(tx, draft.storeId, draft.cartId, now),
        order: await insertOrder(tx, draft, { status: "awaiting_payment", now }),
      })));
    } catch (err) {
      return sameKeyWon(err);
    }
    for (const old of replaced) {
      if (!old.paymentReference) continue;
      await provider
        .cancel(old.paymentReference, `order-${old.id}-cancel`)
        .catch(() => undefined /* a payment already completed is handled by its webhook */);
    }
    const charge = await provider.charge(intentRequest(order));
    if (charge.status !== "requires_confirmation") {
      throw new Error(`${provider.name} answered ${charge.status} to a payment to confirm`);
    }
    const [withReference] = await db
      .update(ordersTable)
      .set({ paymentReference: charge.reference })
      .where(eq(ordersTable.id, order.id))
      .returning();
    return {
      status: "awaiting_payment",
      order: await readOrderView(db, withReference ?? order),
      accessKey: orderAccessKey(order.id, idempotencyKey),
      clientSecret: charge.clientSecret,
    };
  }

  const chargeKey = `checkout-${owner.storeId}-${idempotencyKey}`;
  const charge = await provider.charge({
    storeId: owner.storeId,
    orderId: null,
    description: `Order from ${input.email}`,
    amount: totals.total,
    currency: cart.currency,
    email: input.email,
    idempotencyKey: chargeKey,
    card: input.card,
  });
  if (charge.status === "declined") throw new DomainError("payment_declined", charge.message);
  if (charge.status !== "succeeded") {
    throw new Error(`${provider.name} answered ${charge.status} to a payment made now`);
  }
  let order: OrderRow;
  try {
    order = await db.transaction(async (tx) => {
      const row = await insertOrder(tx, draft, { status: "awaiting_payment", now });
      await completeOrder(tx, row, charge, now);
      return { ...row, status: "paid" as const, paidAt: now };
    });
  } catch (err) {
    if (isUniqueViolation(err)) return sameKeyWon(err);
    await provider.refund(charge.reference, `${chargeKey}-refund`);
    throw err;
  }
  const accessKey = orderAccessKey(order.id, idempotencyKey);
  deps.onPaid(order);
  const paid = await findOrderByKey(db, owner.storeId, idempotencyKey);
  return { status: "paid", order: await readOrderView(db, paid ?? order), accessKey };
}
