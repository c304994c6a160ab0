import { eq } from "drizzle-orm";
import type { Database, Transaction } from "../../db/index.ts";
import { paymentEvents } from "./schema.ts";

/**
 * Records a provider's event as applied, in the transaction that applies it: false when it was
 * applied before (a replay), so it is applied once.
 */
export async function recordPaymentEvent(
  tx: Transaction,
  event: { id: string; type: string },
): Promise<boolean> {
  const [fresh] = await tx
    .insert(paymentEvents)
    .values({ id: event.id, provider: "stripe", type: event.type })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return fresh !== undefined;
}

/** Forgets an event recorded as applied, so the provider's retry applies it again. */
export async function forgetPaymentEvent(db: Database, id: string): Promise<void> {
  await db.delete(paymentEvents).where(eq(paymentEvents.id, id));
}
