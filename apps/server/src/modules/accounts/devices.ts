import { and, desc, eq, gt, notInArray } from "drizzle-orm";
import type { Database, Transaction } from "../../db/index.ts";
import { newToken, tokenHash } from "../../lib/tokens.ts";
import { trustedDevices, users } from "./schema.ts";

/** A browser stays known for 180 days after the last sign-in on it. */
export const DEVICE_TTL_MS = 180 * 24 * 60 * 60 * 1000;
/** An account keeps its most recently used browsers, at most this many. */
export const DEVICES_PER_ACCOUNT = 20;

/**
 * The known browser of this `sf_device` token for the account with this email on this store, or
 * null: an unknown, expired or forged token, or another account's browser, is no known browser.
 */
export async function findTrustedDevice(
  db: Database,
  storeId: string,
  token: string,
  email: string,
): Promise<{ id: string } | null> {
  const [row] = await db
    .select({ id: trustedDevices.id })
    .from(trustedDevices)
    .innerJoin(users, eq(users.id, trustedDevices.userId))
    .where(
      and(
        eq(trustedDevices.tokenHash, tokenHash(token)),
        eq(trustedDevices.storeId, storeId),
        eq(users.storeId, storeId),
        eq(users.email, email),
        gt(trustedDevices.expiresAt, new Date()),
      ),
    );
  return row ?? null;
}

/**
 * After a successful sign-in: this browser becomes (or stays) known to the account, under a new
 * token (the cookie's value; only its hash is stored). The token the browser came with, whoever
 * it was for, is replaced: one browser holds one device cookie, the last account's. The account's
 * expired browsers are swept, and the oldest past the most recent `DEVICES_PER_ACCOUNT`.
 */
export async function trustDevice(
  db: Database,
  storeId: string,
  userId: string,
  previousToken: string | null,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + DEVICE_TTL_MS);
  await db.transaction(async (tx) => {
    if (previousToken) {
      await tx
        .delete(trustedDevices)
        .where(
          and(
            eq(trustedDevices.tokenHash, tokenHash(previousToken)),
            eq(trustedDevices.storeId, storeId),
          ),
        );
    }
    await tx
      .insert(trustedDevices)
      .values({ storeId, userId, tokenHash: tokenHash(token), lastUsedAt: now, expiresAt });
    const kept = tx
      .select({ id: trustedDevices.id })
      .from(trustedDevices)
      .where(and(eq(trustedDevices.userId, userId), gt(trustedDevices.expiresAt, now)))
      .orderBy(desc(trustedDevices.lastUsedAt), desc(trustedDevices.createdAt))
      .limit(DEVICES_PER_ACCOUNT);
    await tx
      .delete(trustedDevices)
      .where(and(eq(trustedDevices.userId, userId), notInArray(trustedDevices.id, kept)));
  });
  return { token, expiresAt };
}

/** Forgets every browser of an account (its password has just been reset). */
export async function forgetAllDevices(tx: Transaction, userId: string): Promise<void> {
  await tx.delete(trustedDevices).where(eq(trustedDevices.userId, userId));
}
