// The writes other modules' admin pages make to a store's own row (the operators' platform, the
// store admin's content settings): stores alone write its table, so they ask for them here.
import type { CalloutUpdate, PlatformStoreChange } from "@storefront/domain";
import { eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/index.ts";
import { stores } from "./schema.ts";

/** The operators' change: disabled (since when it first was) or enabled, its Stripe account. */
export async function changeStoreRow(
  db: Database,
  storeId: string,
  change: PlatformStoreChange,
): Promise<boolean> {
  const [row] = await db
    .update(stores)
    .set({
      ...(change.disabled === undefined
        ? {}
        : { disabledAt: change.disabled ? sql`coalesce(${stores.disabledAt}, now())` : null }),
      ...(change.stripeId === undefined ? {} : { stripeId: change.stripeId }),
    })
    .where(eq(stores.id, storeId))
    .returning({ id: stores.id });
  return row !== undefined;
}

/** The store's logo, as kept in the media store; false for no such store. */
export async function setStoreLogoRow(
  db: Database,
  storeId: string,
  logo: string,
): Promise<boolean> {
  const [row] = await db
    .update(stores)
    .set({ logo })
    .where(eq(stores.id, storeId))
    .returning({ id: stores.id });
  return row !== undefined;
}

/** The strip of messages above the header, in the caller's transaction. */
export async function setStoreCallout(
  tx: Transaction,
  storeId: string,
  callout: CalloutUpdate,
): Promise<void> {
  await tx.update(stores).set({ topCallOutSection: callout }).where(eq(stores.id, storeId));
}

/** Who the store's mail is from (null: the brand name, the platform's address), in the caller's transaction. */
export async function setStoreMailSender(
  tx: Transaction,
  storeId: string,
  sender: { name: string | null; address: string | null },
): Promise<void> {
  await tx
    .update(stores)
    .set({ mailFromName: sender.name, mailFromAddress: sender.address })
    .where(eq(stores.id, storeId));
}
