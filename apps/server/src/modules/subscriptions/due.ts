// The subscriptions whose renewal is due, for the renewal flow.
import { and, asc, eq, inArray, isNull, lte, or } from "drizzle-orm";
import type { Database, Transaction } from "../../db/index.ts";
import { stores } from "../stores/index.ts";
import { subscriptions } from "./schema.ts";
import type { SubscriptionRow } from "./service.ts";

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
