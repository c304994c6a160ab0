import type { Database, Transaction } from "../db/index.ts";
import { adminAudit } from "../db/schema.ts";

/** Who did an admin write: the account, and its email as it was then. */
export interface AdminActor {
  userId: string;
  email: string;
}

/**
 * Writes one line of the store's audit (`admin_audit`): who, what (an action such as
 * "order.refund"), on what ("order 1042"), and its state before and after. Written in the
 * transaction of the write it records, so there is never one without the other.
 */
export async function audit(
  tx: Database | Transaction,
  storeId: string,
  actor: AdminActor,
  entry: {
    action: string;
    target: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  },
): Promise<void> {
  await tx.insert(adminAudit).values({
    storeId,
    userId: actor.userId,
    actorEmail: actor.email,
    ...entry,
  });
}
