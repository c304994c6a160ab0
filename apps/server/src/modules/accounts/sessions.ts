import { and, eq, gt, lt, or } from "drizzle-orm";
import type { Database } from "../../db/index.ts";
import { newToken, tokenHash } from "../../lib/tokens.ts";
import { sessions, users } from "./schema.ts";

export type UserRow = typeof users.$inferSelect;

/** A session lasts 30 days from sign-in, then the shopper signs in again (not extended by use). */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** The account of a live session of this store, or null (unknown, expired, another store's). */
export async function findSessionUser(
  db: Database,
  storeId: string,
  token: string,
): Promise<UserRow | null> {
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash(token)),
        eq(sessions.storeId, storeId),
        eq(users.storeId, storeId),
        gt(sessions.expiresAt, new Date()),
      ),
    );
  return row?.user ?? null;
}

/**
 * Signs `userId` in with a new token (the cookie's value; only its hash is stored). The session
 * the request came with, if any, ends: a sign-in never keeps a token that existed before it.
 * The account's expired sessions are swept at the same time.
 */
export async function startSession(
  db: Database,
  storeId: string,
  userId: string,
  previousToken: string | null,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db.transaction(async (tx) => {
    const stale = lt(sessions.expiresAt, now);
    await tx
      .delete(sessions)
      .where(
        previousToken
          ? or(
              eq(sessions.tokenHash, tokenHash(previousToken)),
              and(eq(sessions.userId, userId), stale),
            )
          : and(eq(sessions.userId, userId), stale),
      );
    await tx.insert(sessions).values({ storeId, userId, tokenHash: tokenHash(token), expiresAt });
  });
  return { token, expiresAt };
}

/** Ends the session of this token (sign-out); an unknown token changes nothing. */
export async function endSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash(token)));
}

/** Ends every session of an account (its password has just changed). */
export async function endAllSessions(db: Database, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
