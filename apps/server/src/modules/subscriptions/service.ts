import { randomUUID } from "node:crypto";
import {
  CHECKOUT_MESSAGES,
  type Currency,
  DomainError,
  isoDay,
  nextChargeAfter,
  nextChargeOn,
  SUBSCRIPTION_MESSAGES,
  SUBSCRIPTION_TRANSITIONS,
  type SubscriptionChange,
  type SubscriptionPlan,
  type SubscriptionView,
  subscriptionPrice,
  type TestCard,
} from "@storefront/domain";
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { z } from "zod";
import { type Database, equalOrNull, type Transaction } from "../../db/index.ts";
import {
  orderLines,
  orders,
  stores,
  subscriptionEvents,
  subscriptionPlans,
  subscriptions,
  variantPrices,
  variants,
} from "../../db/schema.ts";
import type { PaymentProvider, SaveCardResult, SavedMethod } from "../payments/index.ts";

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * The day of the month a subscription's monthly dates keep: the day it started on, while `day`
 * (a charge date) is still on that schedule (the 31st, or a shorter month's last day); else, once
 * the schedule moved (resumed on another day), `day`'s own.
 */
export function anchorDay(sub: Pick<SubscriptionRow, "createdAt">, day: string): number {
  const start = sub.createdAt.getUTCDate();
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return date === Math.min(start, lastDay) ? start : date;
}

export type PlanRow = typeof subscriptionPlans.$inferSelect;

/** A plan as the API answers it; its code is the `subscription_id`. */
export function planView(plan: PlanRow): SubscriptionPlan {
  return {
    subscription_id: plan.code,
    label: plan.label,
    interval: plan.interval,
    interval_count: plan.intervalCount,
    discount_percentage: plan.discountPercentage,
  };
}

/** The plans of these products of this store, in each product's order. */
export async function readPlans(
  db: Database,
  storeId: string,
  productIds: readonly string[],
): Promise<PlanRow[]> {
  if (productIds.length === 0) return [];
  return db
    .select()
    .from(subscriptionPlans)
    .where(
      and(
        eq(subscriptionPlans.storeId, storeId),
        inArray(subscriptionPlans.productId, [...new Set(productIds)]),
      ),
    )
    .orderBy(asc(subscriptionPlans.position), asc(subscriptionPlans.code));
}

/**
 * Starts a subscription for each subscription line of a paid order, in the caller's transaction
 * (the one that marks the order paid, for the test card and the Stripe webhook alike). Each is
 * next charged one interval after the day it was paid (UTC). Only an account has subscriptions:
 * checkout refuses subscription lines to a guest, and a guest's order starts none.
 */
export async function startSubscriptions(
  tx: Transaction,
  order: {
    id: string;
    storeId: string;
    userId: string | null;
    currency: Currency;
    paymentProvider: string;
    paymentAccount: string | null;
  },
  payment: { cardBrand: string | null; cardLast4: string | null; saved?: SavedMethod | null },
  paidAt: Date,
): Promise<void> {
  if (!order.userId) return;
  const userId = order.userId;
  const lines = await tx
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.orderId, order.id), isNotNull(orderLines.subscription)))
    .orderBy(asc(orderLines.position));
  const paidOn = isoDay(paidAt);
  const rows = lines.flatMap((line) => {
    const plan = line.subscription;
    if (!plan) return [];
    return [
      {
        storeId: order.storeId,
        userId,
        orderId: order.id,
        orderLineId: line.id,
        variantId: line.variantId,
        planId: line.planId,
        sku: line.sku,
        productTitle: line.title,
        planCode: plan.subscription_id,
        planLabel: plan.label,
        interval: plan.interval,
        intervalCount: plan.interval_count,
        discountPercentage: plan.discount_percentage,
        quantity: line.quantity,
        price: line.unitPrice,
        currency: order.currency,
        nextChargeOn: nextChargeOn(paidOn, plan.interval, plan.interval_count),
        // The day it started anchors its monthly dates (a start on the 31st stays on the 31st).
        createdAt: paidAt,
        paymentMethod: payment.saved?.method ?? null,
        paymentCustomer: payment.saved?.customer ?? null,
        // The card is kept where the order was paid: renewals are charged there.
        ...(payment.saved ? keptBy(order) : {}),
        cardBrand: payment.saved ? payment.cardBrand : null,
        cardLast4: payment.saved ? payment.cardLast4 : null,
      },
    ];
  });
  // A line that has one already (never, as an order completes once) is left as it is.
  if (rows.length > 0) await tx.insert(subscriptions).values(rows).onConflictDoNothing();
}

/** A signed-in shopper's subscriptions in this store, newest first (or the one named). */
export async function accountSubscriptions(
  db: Database,
  storeId: string,
  userId: string,
  onlyId?: string,
): Promise<SubscriptionView[]> {
  const rows = await db
    .select({
      subscription: subscriptions,
      handle: orderLines.handle,
      productId: orderLines.productId,
      attributes: orderLines.attributes,
      imageUrl: orderLines.imageUrl,
      orderNumber: orders.number,
    })
    .from(subscriptions)
    .innerJoin(orderLines, eq(orderLines.id, subscriptions.orderLineId))
    .innerJoin(orders, eq(orders.id, subscriptions.orderId))
    .where(
      and(
        eq(subscriptions.storeId, storeId),
        eq(subscriptions.userId, userId),
        onlyId ? eq(subscriptions.id, onlyId) : undefined,
      ),
    )
    .orderBy(desc(subscriptions.createdAt), asc(orderLines.position));
  const productIds = rows.flatMap((r) => (r.productId ? [r.productId] : []));
  const plans = await readPlans(db, storeId, productIds);
  const plansOf = (productId: string | null) =>
    plans.filter((p) => p.productId === productId).map(planView);
  return rows.map(({ subscription: s, handle, productId, attributes, imageUrl, orderNumber }) => ({
    id: s.id,
    status: s.status,
    sku: s.sku,
    handle,
    title: s.productTitle,
    attributes,
    image_url: imageUrl,
    quantity: s.quantity,
    price: s.price,
    currency: s.currency,
    subscription: {
      subscription_id: s.planCode,
      label: s.planLabel,
      interval: s.interval,
      interval_count: s.intervalCount,
      discount_percentage: s.discountPercentage,
    },
    plans: plansOf(productId),
    paused_reason: s.status === "paused" ? (s.pausedReason ?? "shopper") : null,
    next_charge_on: s.nextChargeOn,
    retry_on: s.retryOn,
    card: s.paymentMethod ? { brand: s.cardBrand, last4: s.cardLast4 } : null,
    order_number: orderNumber,
    created_at: s.createdAt.toISOString(),
  }));
}

/** Writes one line of a subscription's history, in the caller's transaction. */
export async function recordEvent(
  tx: Transaction,
  sub: Pick<SubscriptionRow, "id" | "storeId">,
  actor: "shopper" | "renewal",
  action: string,
  detail: Record<string, unknown>,
  at: Date,
): Promise<void> {
  await tx.insert(subscriptionEvents).values({
    storeId: sub.storeId,
    subscriptionId: sub.id,
    actor,
    action,
    detail,
    createdAt: at,
  });
}

/**
 * The idempotency key of one renewal try: one per subscription, period (the charge date it
 * renews) and try. A job that runs the same try again reuses it, so the order and the charge are
 * never made twice; a retry after a decline is a new try.
 */
export function renewalKey(subscriptionId: string, period: string, failedBefore: number): string {
  return `renewal:${subscriptionId}:${period}:${failedBefore}`;
}

/** The period a renewal order's key names. */
function periodOfRenewal(idempotencyKey: string): string | null {
  return /^renewal:[^:]+:(\d{4}-\d{2}-\d{2}):\d+$/.exec(idempotencyKey)?.[1] ?? null;
}

/**
 * A renewal order was paid (by the renewal job, or by the provider's webhook if it came first),
 * in the transaction that marks it paid: the subscription's next charge date moves one interval
 * past the period the order renewed, its failed tries are forgotten, and the price it was charged
 * becomes its price per delivery.
 */
export async function renewalPaid(
  tx: Transaction,
  order: {
    id: string;
    storeId: string;
    renewalOf: string;
    idempotencyKey: string;
    number: number;
    total: number;
  },
  now: Date,
): Promise<void> {
  const period = periodOfRenewal(order.idempotencyKey);
  const [sub] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, order.renewalOf), eq(subscriptions.storeId, order.storeId)))
    .for("update");
  if (!sub || !period) return;
  const [line] = await tx
    .select({ unitPrice: orderLines.unitPrice })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id));
  const next = nextChargeAfter(
    period,
    sub.interval,
    sub.intervalCount,
    isoDay(now),
    anchorDay(sub, period),
  );
  await tx
    .update(subscriptions)
    .set({
      // A delivery skipped meanwhile keeps its later date.
      nextChargeOn: next > sub.nextChargeOn ? next : sub.nextChargeOn,
      failedAttempts: 0,
      retryOn: null,
      price: line?.unitPrice ?? sub.price,
      updatedAt: now,
    })
    .where(eq(subscriptions.id, sub.id));
  await recordEvent(
    tx,
    sub,
    "renewal",
    "renewed",
    { period, order_number: order.number, total: order.total, next_charge_on: next },
    now,
  );
}

/**
 * The shopper changes a subscription on `/account`, under its row's lock (the renewal job takes
 * the same lock): skip the next delivery, pause, resume (charged at once when its date has
 * passed), cancel, or move to another plan of the product. Every change is recorded with what it
 * changed. A cancelled subscription changes no more.
 */
export async function changeSubscription(
  db: Database,
  owner: { storeId: string; userId: string },
  id: string,
  change: SubscriptionChange,
  now: Date,
): Promise<SubscriptionView> {
  if (!z.uuid().safeParse(id).success) {
    throw new DomainError("not_found", SUBSCRIPTION_MESSAGES.notFound);
  }
  await db.transaction(async (tx) => {
    const [sub] = await tx
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.id, id),
          eq(subscriptions.storeId, owner.storeId),
          eq(subscriptions.userId, owner.userId),
        ),
      )
      .for("update");
    if (!sub) throw new DomainError("not_found", SUBSCRIPTION_MESSAGES.notFound);
    if (sub.status === "cancelled") {
      throw new DomainError("conflict", SUBSCRIPTION_MESSAGES.cancelled);
    }
    // A renewal being charged right now finishes first: its outcome then stands, and the change
    // applies to what it left.
    const [charging] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.renewalOf, sub.id), eq(orders.status, "awaiting_payment")))
      .limit(1);
    if (charging) throw new DomainError("conflict", SUBSCRIPTION_MESSAGES.renewing);
    const { set, detail } = await planChange(tx, sub, change, isoDay(now));
    if (set.status) SUBSCRIPTION_TRANSITIONS.check(sub.status, set.status);
    await tx
      .update(subscriptions)
      .set({ ...set, updatedAt: now })
      .where(eq(subscriptions.id, sub.id));
    await recordEvent(tx, sub, "shopper", change.action, detail, now);
  });
  const [view] = await accountSubscriptions(db, owner.storeId, owner.userId, id);
  if (!view) throw new DomainError("not_found", SUBSCRIPTION_MESSAGES.notFound);
  return view;
}

type SubscriptionUpdate = Partial<typeof subscriptions.$inferInsert>;

/** What one change sets on the subscription, and what its history records. */
async function planChange(
  tx: Transaction,
  sub: SubscriptionRow,
  change: SubscriptionChange,
  today: string,
): Promise<{ set: SubscriptionUpdate; detail: Record<string, unknown> }> {
  switch (change.action) {
    case "skip": {
      if (sub.status !== "active") {
        throw new DomainError("conflict", SUBSCRIPTION_MESSAGES.skipNotActive);
      }
      // The delivery due (or being retried) is skipped: the next one is an interval later.
      const next = nextChargeOn(
        sub.nextChargeOn,
        sub.interval,
        sub.intervalCount,
        anchorDay(sub, sub.nextChargeOn),
      );
      return {
        set: { nextChargeOn: next, failedAttempts: 0, retryOn: null },
        detail: { skipped: sub.nextChargeOn, next_charge_on: next },
      };
    }
    case "pause":
      if (sub.status === "paused") {
        throw new DomainError("conflict", SUBSCRIPTION_MESSAGES.pausedAlready);
      }
      return {
        set: { status: "paused", pausedReason: "shopper", failedAttempts: 0, retryOn: null },
        detail: { next_charge_on: sub.nextChargeOn },
      };
    case "resume": {
      if (sub.status === "active") {
        throw new DomainError("conflict", SUBSCRIPTION_MESSAGES.activeAlready);
      }
      if (!sub.paymentMethod) throw new DomainError("conflict", SUBSCRIPTION_MESSAGES.noCard);
      const next = sub.nextChargeOn < today ? today : sub.nextChargeOn;
      return {
        set: {
          status: "active",
          pausedReason: null,
          failedAttempts: 0,
          retryOn: null,
          nextChargeOn: next,
        },
        detail: { was: sub.pausedReason, next_charge_on: next },
      };
    }
    case "cancel":
      return {
        set: { status: "cancelled", pausedReason: null, retryOn: null },
        detail: { status_was: sub.status },
      };
    case "change_plan": {
      const set = await otherPlan(tx, sub, change.subscription_id);
      return { set, detail: { from: sub.planCode, to: set.planCode } };
    }
  }
}

/** The subscription moved to another plan of its product, priced as that plan is now. */
async function otherPlan(
  tx: Transaction,
  sub: SubscriptionRow,
  code: string,
): Promise<SubscriptionUpdate> {
  const [found] = sub.variantId
    ? await tx
        .select({ plan: subscriptionPlans, price: variantPrices.amount })
        .from(variants)
        .innerJoin(subscriptionPlans, eq(subscriptionPlans.productId, variants.productId))
        .leftJoin(
          variantPrices,
          and(eq(variantPrices.variantId, variants.id), eq(variantPrices.currency, sub.currency)),
        )
        .where(
          and(
            eq(variants.id, sub.variantId),
            eq(subscriptionPlans.storeId, sub.storeId),
            eq(sql`lower(${subscriptionPlans.code})`, code.toLowerCase()),
          ),
        )
    : [];
  if (!found) {
    throw new DomainError("invalid", SUBSCRIPTION_MESSAGES.planNotFound, {
      subscription_id: SUBSCRIPTION_MESSAGES.planNotFound,
    });
  }
  const { plan } = found;
  if (plan.id === sub.planId || plan.code === sub.planCode) {
    throw new DomainError("conflict", SUBSCRIPTION_MESSAGES.samePlan);
  }
  return {
    planId: plan.id,
    planCode: plan.code,
    planLabel: plan.label,
    interval: plan.interval,
    intervalCount: plan.intervalCount,
    discountPercentage: plan.discountPercentage,
    price:
      found.price === null ? sub.price : subscriptionPrice(found.price, plan.discountPercentage),
  };
}

/**
 * The subscription a saved card's event names, locked: only one of a store paid on the event's
 * account (the store's connected Stripe account, or none for the platform's).
 */
export async function lockSubscriptionPaidOn(
  tx: Transaction,
  named: { subscriptionId: string; storeId: string; account: string | null },
): Promise<SubscriptionRow | undefined> {
  const [found] = await tx
    .select({ sub: subscriptions })
    .from(subscriptions)
    .innerJoin(stores, eq(stores.id, subscriptions.storeId))
    .where(
      and(
        eq(subscriptions.id, named.subscriptionId),
        eq(subscriptions.storeId, named.storeId),
        equalOrNull(stores.stripeId, named.account),
      ),
    )
    .for("update", { of: subscriptions });
  return found?.sub;
}

/**
 * A new card for a subscription's renewals, in the caller's transaction (under the row's lock). A
 * subscription paused because its card failed, or because it had none, is active again and due
 * at once if its date has passed; one waiting to retry a declined renewal is tried again at the
 * next run. Recorded in its history.
 */
export async function keepCard(
  tx: Transaction,
  sub: SubscriptionRow,
  card: { saved: SavedMethod; cardBrand: string | null; cardLast4: string | null },
  /** The processor and account that keep the card. */
  keeper: { paymentProvider: string; paymentAccount: string | null },
  now: Date,
): Promise<void> {
  if (sub.status === "cancelled") return;
  const today = isoDay(now);
  const revive =
    sub.status === "paused" &&
    (sub.pausedReason === "payment_failed" || sub.pausedReason === "no_card");
  if (revive) SUBSCRIPTION_TRANSITIONS.check(sub.status, "active");
  await tx
    .update(subscriptions)
    .set({
      paymentMethod: card.saved.method,
      paymentCustomer: card.saved.customer ?? customerOn(sub, keeper),
      ...keptBy(keeper),
      cardBrand: card.cardBrand,
      cardLast4: card.cardLast4,
      ...(revive
        ? {
            status: "active" as const,
            pausedReason: null,
            failedAttempts: 0,
            retryOn: null,
            nextChargeOn: sub.nextChargeOn < today ? today : sub.nextChargeOn,
          }
        : sub.retryOn
          ? { retryOn: today }
          : {}),
      updatedAt: now,
    })
    .where(eq(subscriptions.id, sub.id));
  await recordEvent(
    tx,
    sub,
    "shopper",
    "card_updated",
    { last4: card.cardLast4, resumed: revive },
    now,
  );
}

/** Who keeps a saved card: the processor and the store's Stripe account (null: none). */
function keptBy(payment: { paymentProvider: string; paymentAccount: string | null }): {
  paymentProvider: "test" | "stripe";
  paymentAccount: string | null;
} {
  return {
    paymentProvider: payment.paymentProvider === "stripe" ? "stripe" : "test",
    paymentAccount: payment.paymentAccount,
  };
}

/**
 * The subscription's customer on the keeper's account: Stripe's customer exists only on the
 * account that made it (a store that connected its own account starts with a new one).
 */
function customerOn(
  sub: SubscriptionRow,
  keeper: { paymentProvider: string; paymentAccount: string | null },
): string | null {
  const same =
    sub.paymentProvider === keeper.paymentProvider && sub.paymentAccount === keeper.paymentAccount;
  return same ? sub.paymentCustomer : null;
}

/**
 * The shopper gives a new card on `/account`: with the test processor it is kept at once (a card
 * the processor refuses is a 402 with its reason); with Stripe the answer is a SetupIntent's
 * client secret for the Payment Element, and the webhook keeps the card it confirms.
 */
export async function replaceCard(
  db: Database,
  provider: PaymentProvider,
  owner: { storeId: string; userId: string; email: string },
  id: string,
  card: TestCard | undefined,
  now: Date,
): Promise<{ subscription: SubscriptionView; clientSecret: string | null }> {
  const sub = await ownSubscription(db, owner, id);
  if (sub.status === "cancelled")
    throw new DomainError("conflict", SUBSCRIPTION_MESSAGES.cancelled);
  const keeper = { paymentProvider: provider.name, paymentAccount: provider.account };
  let result: SaveCardResult;
  try {
    result = await provider.saveCard({
      storeId: owner.storeId,
      subscriptionId: sub.id,
      email: owner.email,
      customer: customerOn(sub, keeper),
      ...(card ? { card } : {}),
      idempotencyKey: `subscription-card-${sub.id}-${randomUUID()}`,
    });
  } catch {
    throw new DomainError("unavailable", CHECKOUT_MESSAGES.cardUnavailable);
  }
  if (result.status === "declined") throw new DomainError("payment_declined", result.message);
  if (result.status === "saved") {
    await db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.id, sub.id))
        .for("update");
      if (locked) await keepCard(tx, locked, result, keeper, now);
    });
  }
  const [view] = await accountSubscriptions(db, owner.storeId, owner.userId, sub.id);
  if (!view) throw new DomainError("not_found", SUBSCRIPTION_MESSAGES.notFound);
  return {
    subscription: view,
    clientSecret: result.status === "requires_confirmation" ? result.clientSecret : null,
  };
}

/** The account's subscription by id, or 404. */
async function ownSubscription(
  db: Database,
  owner: { storeId: string; userId: string },
  id: string,
): Promise<SubscriptionRow> {
  if (!z.uuid().safeParse(id).success) {
    throw new DomainError("not_found", SUBSCRIPTION_MESSAGES.notFound);
  }
  const [sub] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.id, id),
        eq(subscriptions.storeId, owner.storeId),
        eq(subscriptions.userId, owner.userId),
      ),
    );
  if (!sub) throw new DomainError("not_found", SUBSCRIPTION_MESSAGES.notFound);
  return sub;
}

/**
 * The active subscriptions whose charge date (or retry date, after a failed try) has come, in
 * stores that are not disabled (a disabled store charges nobody), soonest first.
 */
export function dueSubscriptions(
  db: Database,
  today: string,
  limit: number,
): Promise<{ id: string; storeId: string }[]> {
  return db
    .select({ id: subscriptions.id, storeId: subscriptions.storeId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, "active"),
        lte(subscriptions.nextChargeOn, today),
        inArray(
          subscriptions.storeId,
          db.select({ id: stores.id }).from(stores).where(isNull(stores.disabledAt)),
        ),
        or(isNull(subscriptions.retryOn), lte(subscriptions.retryOn, today)),
      ),
    )
    .orderBy(asc(subscriptions.nextChargeOn))
    .limit(limit);
}

/** The subscription, locked, if it is still due today; skipped when another run holds it. */
export async function lockDueSubscription(
  tx: Transaction,
  id: string,
  today: string,
): Promise<SubscriptionRow | undefined> {
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
  return locked;
}

/** A subscription by id. */
export async function findSubscription(
  db: Database,
  id: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row;
}
