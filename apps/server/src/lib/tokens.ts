import { createHash, randomBytes } from "node:crypto";

// 32 random bytes in base64url: 43 characters, no padding.
export const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** A new secret for a cookie or a link: 32 bytes from the system's CSPRNG. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What the database keeps of a token: its SHA-256, so a leaked table opens nothing. */
export function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
