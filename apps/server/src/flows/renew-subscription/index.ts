/**
 * Renew a subscription: the timed job's flow. For each active subscription whose charge date (or
 * retry date) has come, one at a time, its steps:
 * 1. under the subscription's lock (subscriptions), the try's order is drafted at today's price
 *    (subscriptions' renewal draft) and written awaiting payment with its stock taken (orders,
 *    order-holds.ts), unless this period's try is open already;
 * 2. the saved card is charged off-session under the try's own key (payments);
 * 3. paid: the order completes, which moves the subscription's next charge date on
 *    (complete-order.ts), and the confirmation is mailed (orders); declined: the order is
 *    released and the failure recorded, retried or paused, and mailed (subscriptions).
 */
import { type CheckoutSettings, DomainError, isoDay } from "@storefront/domain";
import type { Database } from "../../db/index.ts";
import type { Logger } from "../../lib/logger.ts";
import type { Mailer } from "../../lib/mailer.ts";
import type { OrderRow } from "../../modules/orders/index.ts";
import { renewalTries, sendOrderConfirmation } from "../../modules/orders/index.ts";
import { insertOrder } from "../../modules/orders/writers.ts";
import type { PaymentProvider, Payments } from "../../modules/payments/index.ts";
import { getCheckoutSettings } from "../../modules/stores/index.ts";
import {
  dueSubscriptions,
  findSubscription,
  mailSafely,
  renewalDraft,
  renewalKey,
  type SubscriptionRow,
} from "../../modules/subscriptions/index.ts";
import {
  renewalFailed as failed,
  lockDueSubscription,
} from "../../modules/subscriptions/writers.ts";
import { completeOrder } from "../complete-order.ts";
import { takeHolds } from "../order-holds.ts";
import { releaseOrder } from "../release-order.ts";

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
  const due = await dueSubscriptions(deps.db, today, BATCH);
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
      const locked = await lockDueSubscription(tx, id, today);
      if (!locked) return null;
      // The tries of this period so far; each has its own key, numbered in order.
      const tries = await renewalTries(
        tx,
        locked.storeId,
        locked.id,
        renewalKey(locked.id, locked.nextChargeOn, 0).slice(0, -1),
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
      const inserted = await insertOrder(tx, draft, now);
      await takeHolds(tx, inserted.order, draft.lines, { claim: true });
      return { sub: locked, order: inserted.order };
    });
    if (!held) return "not_due";
    sub = held.sub;
    order = held.order;
    if ("noCard" in held) return failed(deps, sub, { kind: "no_card", message: NO_CARD }, now);
  } catch (err) {
    // Not enough stock for this delivery: nothing was written; the try is scheduled again.
    if (!(err instanceof DomainError && err.code === "out_of_stock")) throw err;
    const row = await findSubscription(db, id);
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
