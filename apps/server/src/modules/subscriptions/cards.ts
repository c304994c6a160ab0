// The card a subscription's renewals are charged to: kept from a payment, replaced by the shopper.
import { randomUUID } from "node:crypto";
import {
  CHECKOUT_MESSAGES,
  DomainError,
  isoDay,
  SUBSCRIPTION_MESSAGES,
  SUBSCRIPTION_TRANSITIONS,
  type SubscriptionView,
  type TestCard,
} from "@storefront/domain";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { type Database, equalOrNull, type Transaction } from "../../db/index.ts";
import type { PaymentProvider, SaveCardResult, SavedMethod } from "../payments/index.ts";
import { stores } from "../stores/index.ts";
import { subscriptions } from "./schema.ts";
import {
  accountSubscriptions,
  keptBy,
  ownedSubscription,
  recordEvent,
  type SubscriptionRow,
} from "./service.ts";

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
  const [sub] = await db.select().from(subscriptions).where(ownedSubscription(owner, id));
  if (!sub) throw new DomainError("not_found", SUBSCRIPTION_MESSAGES.notFound);
  return sub;
}
