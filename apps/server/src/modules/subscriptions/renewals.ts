import {
  type CheckoutSettings,
  checkoutTotals,
  DomainError,
  formatMoney,
  isoDay,
  NO_SHIPPING_OPTION,
  type OrderDraft,
  renewalRetry,
  subscriptionPrice,
} from "@storefront/domain";
import { and, asc, eq, inArray, isNull, like, lte, or, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/index.ts";
import {
  orders,
  products,
  sellingPrice,
  stores,
  subscriptions,
  users,
  variantPrices,
  variants,
} from "../../db/schema.ts";
import { escapeHtml } from "../../lib/html.ts";
import type { Logger } from "../../lib/logger.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { sendOrderConfirmation } from "../orders/mail.ts";
import { completeOrder, insertOrder, releaseOrder } from "../orders/order-lifecycle.ts";
import type { OrderRow } from "../orders/order-reads.ts";
import type { Payments } from "../payments/index.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import { getCheckoutSettings, storeBrandName, storeHomeOrigin } from "../stores/service.ts";
import { recordEvent, renewalKey, type SubscriptionRow } from "./service.ts";

export interface RenewalDeps {
  db: Database;
  payments: Payments;
  mailer: Mailer;
  log: Logger;
  /** Signs the review links of the confirmation email. */
  linkKey: Buffer;
}

/** What one run of the renewal job did. */
export interface RenewalTally {
  renewed: number;
  failed: number;
  paused: number;
}

/** At most this many subscriptions per run; the next run (a minute later) takes the rest. */
const BATCH = 200;

/** Why a renewal try failed, for the history and the shopper's email. */
type Failure =
  | { kind: "declined"; code: string; message: string; orderNumber: number }
  /** Not enough stock for the delivery; tried again on the schedule. */
  | { kind: "out_of_stock"; message: string }
  /** The product is no longer sold (unpublished, deleted, not priced in the currency): paused. */
  | { kind: "not_sold"; message: string }
  /** No card is kept for the subscription (started before cards were kept): paused. */
  | { kind: "no_card"; message: string };

const NOT_SOLD = "This product is no longer sold in your currency.";
const NO_CARD =
  "No card is kept for this subscription, so it cannot be renewed automatically. To receive it again, subscribe on the product's page.";

/**
 * The renewal job: every active subscription whose charge date (or retry date, after a failed
 * try) has come is renewed, one at a time. Safe to run on two instances at once: each takes its
 * subscription's row lock (skipping one another instance holds) and each try has its own
 * idempotency key, so no order or charge is made twice.
 */
export async function renewSubscriptions(deps: RenewalDeps, now: Date): Promise<RenewalTally> {
  const today = isoDay(now);
  const due = await deps.db
    .select({ id: subscriptions.id, storeId: subscriptions.storeId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, "active"),
        lte(subscriptions.nextChargeOn, today),
        // A disabled store charges nobody: its renewals wait until it is enabled again.
        inArray(
          subscriptions.storeId,
          deps.db.select({ id: stores.id }).from(stores).where(isNull(stores.disabledAt)),
        ),
        or(isNull(subscriptions.retryOn), lte(subscriptions.retryOn, today)),
      ),
    )
    .orderBy(asc(subscriptions.nextChargeOn))
    .limit(BATCH);
  const tally: RenewalTally = { renewed: 0, failed: 0, paused: 0 };
  for (const { id, storeId } of due) {
    try {
      const settings = await getCheckoutSettings(deps.db, storeId);
      const outcome = await renewOne(deps, id, settings, now);
      if (outcome !== "not_due") tally[outcome] += 1;
    } catch (err) {
      // Left as it was: the next run tries again with the same key.
      deps.log.error({ err, subscription: id }, "a subscription renewal failed");
    }
  }
  return tally;
}

type Outcome = "renewed" | "failed" | "paused" | "not_due";

/**
 * One renewal try: the order is written awaiting payment with its stock taken (guarded, as at
 * checkout), the saved card is charged off-session under the try's key, and the order is then
 * completed (which moves the next charge date) or released (which gives the stock back and
 * schedules the next try). A try whose order still awaits payment (the provider did not answer,
 * or the process stopped mid-charge) is charged again under its own key, which the provider
 * answers with the first charge's outcome, never a second charge.
 */
async function renewOne(
  deps: RenewalDeps,
  id: string,
  settings: CheckoutSettings,
  now: Date,
): Promise<Outcome> {
  const { db } = deps;
  const today = isoDay(now);
  let sub: SubscriptionRow;
  let order: OrderRow | null;
  try {
    const held = await db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.id, id),
            eq(subscriptions.status, "active"),
            lte(subscriptions.nextChargeOn, today),
            or(isNull(subscriptions.retryOn), lte(subscriptions.retryOn, today)),
          ),
        )
        .for("update", { skipLocked: true });
      if (!locked) return null;
      // The tries of this period so far; each has its own key, numbered in order.
      const tries = await tx
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.storeId, locked.storeId),
            eq(orders.renewalOf, locked.id),
            like(
              orders.idempotencyKey,
              `${renewalKey(locked.id, locked.nextChargeOn, 0).slice(0, -1)}%`,
            ),
          ),
        );
      const open = tries.find((o) => o.status === "awaiting_payment" || o.status === "paid");
      if (open) return { sub: locked, order: open };
      if (!locked.paymentMethod) return { sub: locked, order: null, noCard: true };
      const key = renewalKey(locked.id, locked.nextChargeOn, tries.length);
      // Charged where the card is kept: the processor and the store's account that saved it.
      const draft = await renewalDraft(tx, locked, key, settings, {
        provider: locked.paymentProvider === "stripe" ? "stripe" : "test",
        account: locked.paymentAccount,
      });
      if (!draft) return { sub: locked, order: null };
      const inserted = await insertOrder(tx, draft, { status: "awaiting_payment", now });
      return { sub: locked, order: inserted.order };
    });
    if (!held) return "not_due";
    sub = held.sub;
    order = held.order;
    if ("noCard" in held) return failed(deps, sub, { kind: "no_card", message: NO_CARD }, now);
  } catch (err) {
    // Not enough stock for this delivery: nothing was written; the try is scheduled again.
    if (!(err instanceof DomainError && err.code === "out_of_stock")) throw err;
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
    if (!row) throw err;
    return failed(deps, row, { kind: "out_of_stock", message: err.message }, now);
  }
  if (!order) return failed(deps, sub, { kind: "not_sold", message: NOT_SOLD }, now);
  // Paid already (completed by the provider's webhook): the period has moved on.
  if (order.status === "paid") return "renewed";
  return charge(deps, sub, order, now);
}

/** Charges the try's order to the saved card and completes or releases it. */
async function charge(
  deps: RenewalDeps,
  sub: SubscriptionRow,
  order: OrderRow,
  now: Date,
): Promise<Outcome> {
  const { db } = deps;
  if (!sub.paymentMethod) return failed(deps, sub, { kind: "no_card", message: NO_CARD }, now);
  let result: Awaited<ReturnType<PaymentProvider["chargeSaved"]>>;
  try {
    result = await deps.payments.forPayment(order).chargeSaved({
      storeId: order.storeId,
      orderId: order.id,
      description: `Order ${order.number} (renews a subscription)`,
      amount: order.total,
      currency: order.currency,
      saved: { method: sub.paymentMethod, customer: sub.paymentCustomer },
      idempotencyKey: order.idempotencyKey,
      at: now,
    });
  } catch (err) {
    // No answer (the provider is down, or another run is charging this try right now): the
    // order keeps waiting, and the next run charges it again under the same key. The payment
    // hold's sweeper ends it after 30 minutes; the next try is then a new one.
    deps.log.error({ err, subscription: sub.id }, "charging a renewal failed");
    return "failed";
  }
  if (result.status === "declined") {
    await db.transaction((tx) => releaseOrder(tx, order, "declined", result.message, now));
    return failed(
      deps,
      sub,
      { kind: "declined", code: result.code, message: result.message, orderNumber: order.number },
      now,
    );
  }
  const paid = await db.transaction((tx) => completeOrder(tx, order, result, now));
  // Completed by the provider's webhook first: that one's request sent the email.
  if (paid) {
    await mailSafely(deps, sub, () =>
      sendOrderConfirmation(db, deps.mailer, paid, null, deps.linkKey),
    );
  }
  return "renewed";
}

/**
 * The order of one renewal try: the subscription's variant and quantity at the plan's price as
 * it is now in the subscription's currency, shipped as the first order was (its address and
 * shipping option, or the store's first option when that one is no longer offered), with tax as
 * at checkout (none for a trade account with a resale certificate). Null when the product is no
 * longer sold (unpublished, deleted, or not priced in the currency).
 */
async function renewalDraft(
  tx: Transaction,
  sub: SubscriptionRow,
  idempotencyKey: string,
  settings: CheckoutSettings,
  payment: { provider: "test" | "stripe"; account: string | null },
): Promise<OrderDraft | null> {
  const [buyer] = await tx
    .select({
      email: users.email,
      userType: users.userType,
      certificate: users.resaleCertificate,
    })
    .from(users)
    .where(eq(users.id, sub.userId));
  // A trade account renews at its trade price, as it bought (and earns no points on it).
  const trade = buyer?.userType === "wholesale";
  const [item] = sub.variantId
    ? await tx
        .select({
          variant: variants,
          product: products,
          amount: sellingPrice(sql`${trade}::boolean`),
        })
        .from(variants)
        .innerJoin(products, eq(products.id, variants.productId))
        .innerJoin(
          variantPrices,
          and(eq(variantPrices.variantId, variants.id), eq(variantPrices.currency, sub.currency)),
        )
        .where(
          and(
            eq(variants.id, sub.variantId),
            eq(variants.storeId, sub.storeId),
            eq(products.published, true),
          ),
        )
    : [];
  const [first] = await tx.select().from(orders).where(eq(orders.id, sub.orderId));
  if (!item || item.amount === null || !first || !buyer) return null;
  const unitPrice = subscriptionPrice(item.amount, sub.discountPercentage);
  const subtotal = unitPrice * sub.quantity;
  const requiresShipping = item.variant.requiresShipping;
  const totals = checkoutTotals({
    currency: sub.currency,
    subtotal,
    discount: 0,
    settings,
    address: first.address,
    shippingOptionId: first.shippingOptionId,
    requiresShipping,
    taxExempt: trade && buyer.certificate != null,
  });
  const shipping = requiresShipping ? totals.selectedShippingOption : NO_SHIPPING_OPTION;
  if (!shipping) return null;
  return {
    storeId: sub.storeId,
    idempotencyKey,
    userId: sub.userId,
    cartId: null,
    email: buyer.email,
    name: first.name,
    address: first.address,
    currency: sub.currency,
    subtotal,
    discountAmount: 0,
    discountCodeId: null,
    discountCode: null,
    pointsSpent: 0,
    pointsDiscount: 0,
    affiliateUserId: null,
    commissionAmount: 0,
    tradePrices: trade,
    shippingOptionId: shipping.id,
    shippingLabel: shipping.label,
    shippingAmount: totals.shipping,
    taxLines: totals.taxLines,
    taxAmount: totals.taxAmount,
    total: totals.total,
    paymentProvider: payment.provider,
    paymentAccount: payment.account,
    savesPaymentMethod: false,
    renewalOf: sub.id,
    lines: [
      {
        variantId: item.variant.id,
        productId: item.product.id,
        sku: item.variant.sku,
        handle: item.product.handle,
        title: item.product.title,
        attributes: item.variant.attributes,
        imageUrl: item.variant.imageUrls[0] ?? null,
        quantity: sub.quantity,
        unitPrice,
        planId: sub.planId,
        subscription: {
          subscription_id: sub.planCode,
          label: sub.planLabel,
          interval: sub.interval,
          interval_count: sub.intervalCount,
          discount_percentage: sub.discountPercentage,
        },
        selection: [],
        contents: null,
      },
    ],
  };
}

/**
 * A try failed: the next is scheduled (1, 3, then 7 days after this one), or after the last the
 * subscription is paused; the history records it and the shopper is told by email, with the link
 * to their account where the subscription is managed.
 */
async function failed(
  deps: RenewalDeps,
  sub: SubscriptionRow,
  failure: Failure,
  now: Date,
): Promise<Outcome> {
  const today = isoDay(now);
  const retryOn =
    failure.kind === "not_sold" || failure.kind === "no_card"
      ? null
      : renewalRetry(today, sub.failedAttempts);
  const pausedReason =
    failure.kind === "declined"
      ? "payment_failed"
      : failure.kind === "no_card"
        ? "no_card"
        : "unavailable";
  const updated = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(subscriptions)
      .set(
        retryOn
          ? { failedAttempts: sub.failedAttempts + 1, retryOn, updatedAt: now }
          : {
              status: "paused",
              pausedReason,
              failedAttempts: sub.failedAttempts + 1,
              retryOn: null,
              updatedAt: now,
            },
      )
      // Only the try it was: a change the shopper made meanwhile stands.
      .where(
        and(
          eq(subscriptions.id, sub.id),
          eq(subscriptions.status, "active"),
          eq(subscriptions.failedAttempts, sub.failedAttempts),
          eq(subscriptions.nextChargeOn, sub.nextChargeOn),
        ),
      )
      .returning();
    if (!row) return null;
    await recordEvent(
      tx,
      sub,
      "renewal",
      retryOn ? "renewal_failed" : "paused",
      {
        period: sub.nextChargeOn,
        reason: failure.kind,
        message: failure.message,
        ...(failure.kind === "declined"
          ? { code: failure.code, order_number: failure.orderNumber }
          : {}),
        retry_on: retryOn,
      },
      now,
    );
    return row;
  });
  if (!updated) return "failed";
  await mailSafely(deps, sub, () => mailFailure(deps, updated, failure));
  return retryOn ? "failed" : "paused";
}

/** An email that could not be sent is logged; the renewal's outcome stands. */
async function mailSafely(
  deps: RenewalDeps,
  sub: SubscriptionRow,
  send: () => Promise<unknown>,
): Promise<void> {
  try {
    await send();
  } catch (err) {
    deps.log.error({ err, subscription: sub.id }, "a subscription email was not sent");
  }
}

/** Tells the shopper a renewal did not go through, what happens next, and where to act. */
async function mailFailure(
  deps: RenewalDeps,
  sub: SubscriptionRow,
  failure: Failure,
): Promise<void> {
  const { db } = deps;
  const [buyer] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, sub.userId));
  if (!buyer) return;
  const brand = (await storeBrandName(db, sub.storeId)) ?? "our store";
  const origin = await storeHomeOrigin(db, sub.storeId);
  const account = origin ? `${origin}/account#subscriptions` : null;
  const what = `${sub.planLabel.toLowerCase()} delivery of ${sub.productTitle} (${formatMoney(sub.price * sub.quantity, sub.currency)})`;
  const card = sub.cardLast4 ? `your card ending ${sub.cardLast4}` : "your card";
  const reason =
    failure.kind === "declined"
      ? `We could not charge ${card} for your ${what}: ${failure.message}`
      : failure.kind === "out_of_stock"
        ? `We could not send your ${what}: ${failure.message}`
        : `We could not renew your ${what}: ${failure.message}`;
  const next =
    sub.status !== "paused"
      ? `We will try again on ${sub.retryOn}.`
      : failure.kind === "no_card"
        ? "Your subscription is paused."
        : "Your subscription is paused. Resume it on your account when you are ready.";
  const act = "Manage the subscription on your account";
  const lines = [reason, "", next, ...(account ? ["", `${act}: ${account}`] : [])];
  await deps.mailer.send({
    storeId: sub.storeId,
    to: buyer.email,
    subject:
      sub.status === "paused"
        ? `Your ${sub.productTitle} subscription at ${brand} is paused`
        : `Your ${sub.productTitle} subscription at ${brand} could not be renewed`,
    text: lines.join("\n"),
    html: [
      `<p>${escapeHtml(reason)}</p>`,
      `<p>${escapeHtml(next)}</p>`,
      account ? `<p><a href="${escapeHtml(account)}">${escapeHtml(act)}</a></p>` : "",
    ].join(""),
  });
}
