// Who a visitor is to the reviews: the key of an author's reviews and of a voter's 'Helpful'
// votes, and the hashed address that votes and reports keep.
import { createHash } from "node:crypto";
/**
 * The identity of one visitor's 'Helpful' votes and of a review's author: the signed-in account,
 * else the visitor's session cookie (hashed, so the table holds nothing a cookie could be forged
 * from); null: nobody yet.
 */
export function voterKey(who: { userId: string | null; sessionId: string | null }): string | null {
  if (who.userId) return accountKey(who.userId);
  if (who.sessionId) return sessionKey(who.sessionId);
  return null;
}

export function accountKey(userId: string): string {
  return `user:${userId}`;
}

export function sessionKey(sessionId: string): string {
  return `session:${createHash("sha256").update(sessionId).digest("base64url")}`;
}

/** An address as votes and reports keep it: hashed with the store, never stored plain. */
export function addressHash(storeId: string, ip: string): string {
  return createHash("sha256").update(`${storeId}\n${ip}`).digest("base64url");
}
