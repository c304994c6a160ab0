import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../db/index.ts";
import { serverSecrets } from "../db/schema.ts";

const SESSION_KEY_NAME = "session-cookie-key";

/**
 * The key that signs guest session cookies: SESSION_SECRET when set, else one made on first start
 * and kept in the database, so every instance and every restart signs alike.
 */
export async function loadSessionKey(db: Database, configured: string | null): Promise<Buffer> {
  if (configured !== null) return Buffer.from(configured, "utf8");
  await db
    .insert(serverSecrets)
    .values({ name: SESSION_KEY_NAME, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, SESSION_KEY_NAME));
  if (!row) throw new Error("the session key could not be stored");
  return Buffer.from(row.value, "base64url");
}

function signatureOf(key: Buffer, value: string): string {
  return createHmac("sha256", key).update(value).digest("base64url");
}

/** `value.signature`: the value, vouched for by this server. */
export function sign(key: Buffer, value: string): string {
  return `${value}.${signatureOf(key, value)}`;
}

/** The value of a signed cookie this server made, or null for anything else. */
export function unsign(key: Buffer, signed: string): string | null {
  const at = signed.lastIndexOf(".");
  if (at <= 0) return null;
  const value = signed.slice(0, at);
  const given = Buffer.from(signed.slice(at + 1));
  const expected = Buffer.from(signatureOf(key, value));
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}
