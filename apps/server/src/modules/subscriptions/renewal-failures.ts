import { isoDay, renewalRetry, SUBSCRIPTION_TRANSITIONS } from "@storefront/domain";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/index.ts";
import type { Logger } from "../../lib/logger.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { sendMail } from "../../mail/index.ts";
import { users } from "../accounts/index.ts";
import { storeBrandName, storeHomeOrigin } from "../stores/index.ts";
import { subscriptions } from "./schema.ts";
import { recordEvent, type SubscriptionRow } from "./service.ts";

/** What a renewal's failure needs: the database, the mailer, and the log for a mail not sent. */
export interface RenewalFailureDeps {
  db: Database;
  mailer: Mailer;
  log: Logger;
}

/** Why a renewal try failed, for the history and the shopper's email. */
export type RenewalFailure =
  | { kind: "declined"; code: string; message: string; orderNumber: number }
  /** Not enough stock for the delivery; tried again on the schedule. */
  | { kind: "out_of_stock"; message: string }
  /** The product is no longer sold (unpublished, deleted, not priced in the currency): paused. */
  | { kind: "not_sold"; message: string }
  /** No card is kept for the subscription (started before cards were kept): paused. */
  | { kind: "no_card"; message: string };

/**
 * A try failed: the next is scheduled (1, 3, then 7 days after this one), or after the last the
 * subscription is paused; the history records it and the shopper is told by email, with the link
 * to their account where the subscription is managed.
 */
export async function renewalFailed(
  deps: RenewalFailureDeps,
  sub: SubscriptionRow,
  failure: RenewalFailure,
  now: Date,
): Promise<"failed" | "paused"> {
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
  if (!retryOn) SUBSCRIPTION_TRANSITIONS.check(sub.status, "paused");
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
export async function mailSafely(
  deps: RenewalFailureDeps,
  sub: SubscriptionRow,
  send: () => Promise<unknown>,
): Promise<void> {
  try {
    await send();
  } catch (err) {
    deps.log.error({ err, subscription: sub.id }, "a subscription email was not sent");
  }
}

/** Tells the shopper a renewal did not go through (`mail/renewal-failed.ts`). */
async function mailFailure(
  deps: RenewalFailureDeps,
  sub: SubscriptionRow,
  failure: RenewalFailure,
): Promise<void> {
  const { db } = deps;
  const [buyer] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, sub.userId));
  if (!buyer) return;
  const brand = (await storeBrandName(db, sub.storeId)) ?? "our store";
  const origin = await storeHomeOrigin(db, sub.storeId);
  await sendMail(
    deps.mailer,
    "renewalFailed",
    { storeId: sub.storeId, to: buyer.email },
    {
      brand,
      subscription: sub,
      failure,
      accountUrl: origin ? `${origin}/account#subscriptions` : null,
    },
  );
}
