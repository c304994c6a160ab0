import { DomainError, PLATFORM_MESSAGES as M } from "@storefront/domain";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "../../db/index.ts";
import { newToken, TOKEN_SHAPE, tokenHash } from "../../lib/tokens.ts";
import { dummyHash, passwords } from "../accounts/index.ts";
import { platformOperators, platformTokens } from "./schema.ts";

/** An operator's link to choose a password: valid this long, once. */
export const OPERATOR_LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** An operator stays signed in this long (a short session: operators open and close stores). */
export const OPERATOR_SESSION_TTL_MS = 12 * 60 * 60 * 1000;
export const PLATFORM_PASSWORD_PATH = "/platform/set-password";

export interface Operator {
  id: string;
  email: string;
}

/**
 * Makes `email` an operator (or finds the one it is) and answers a new single-use link path to
 * choose the password, valid 24 hours; only the token's hash is stored.
 */
export async function operatorLink(db: Database, email: string): Promise<string> {
  const address = email.trim().toLowerCase();
  const [operator] = await db
    .insert(platformOperators)
    .values({ email: address })
    .onConflictDoUpdate({ target: platformOperators.email, set: { email: address } })
    .returning({ id: platformOperators.id });
  if (!operator) throw new Error("the operator was not written");
  const token = newToken();
  await db.insert(platformTokens).values({
    operatorId: operator.id,
    kind: "password",
    tokenHash: tokenHash(token),
    expiresAt: new Date(Date.now() + OPERATOR_LINK_TTL_MS),
  });
  return `${PLATFORM_PASSWORD_PATH}?token=${token}`;
}

/** A usable token of `kind`: its hash, unexpired, and (for a link) not used. */
function usable(kind: "session" | "password", token: string) {
  return and(
    eq(platformTokens.kind, kind),
    eq(platformTokens.tokenHash, tokenHash(token)),
    gt(platformTokens.expiresAt, new Date()),
    isNull(platformTokens.usedAt),
  );
}

/**
 * Sets the operator's password with a link's token, once; every other open link and every
 * session of the operator end. Answers a new session token.
 */
export async function setOperatorPassword(
  db: Database,
  token: string,
  password: string,
): Promise<string> {
  if (!TOKEN_SHAPE.test(token)) throw new DomainError("invalid", M.linkInvalid);
  // A link that does not work costs no hashing (the spend below checks it again, atomically).
  const [live] = await db
    .select({ id: platformTokens.id })
    .from(platformTokens)
    .where(usable("password", token));
  if (!live) throw new DomainError("invalid", M.linkInvalid);
  const passwordHash = await passwords.hash(password);
  const operatorId = await db.transaction(async (tx) => {
    const [spent] = await tx
      .update(platformTokens)
      .set({ usedAt: new Date() })
      .where(usable("password", token))
      .returning({ operatorId: platformTokens.operatorId });
    if (!spent) return null;
    await tx
      .update(platformOperators)
      .set({ passwordHash })
      .where(eq(platformOperators.id, spent.operatorId));
    await tx.delete(platformTokens).where(eq(platformTokens.operatorId, spent.operatorId));
    return spent.operatorId;
  });
  if (!operatorId) throw new DomainError("invalid", M.linkInvalid);
  return startOperatorSession(db, operatorId);
}

async function startOperatorSession(db: Database, operatorId: string): Promise<string> {
  const token = newToken();
  await db.insert(platformTokens).values({
    operatorId,
    kind: "session",
    tokenHash: tokenHash(token),
    expiresAt: new Date(Date.now() + OPERATOR_SESSION_TTL_MS),
  });
  return token;
}

/** Signs an operator in: a session token, or 401 with the same words whatever was wrong. */
export async function signInOperator(
  db: Database,
  email: string,
  password: string,
): Promise<string> {
  const [operator] = await db
    .select()
    .from(platformOperators)
    .where(eq(platformOperators.email, email.trim().toLowerCase()));
  // The same work whether or not the email is an operator's: the timing tells nothing.
  const ok = await passwords.verify(operator?.passwordHash ?? (await dummyHash()), password);
  if (!operator?.passwordHash || !ok) throw new DomainError("unauthorized", M.signInFailed);
  return startOperatorSession(db, operator.id);
}

/** The operator a session cookie belongs to, or null. */
export async function operatorOfSession(
  db: Database,
  token: string | undefined,
): Promise<Operator | null> {
  if (!token || !TOKEN_SHAPE.test(token)) return null;
  const [row] = await db
    .select({ id: platformOperators.id, email: platformOperators.email })
    .from(platformTokens)
    .innerJoin(platformOperators, eq(platformOperators.id, platformTokens.operatorId))
    .where(usable("session", token));
  return row ?? null;
}

export async function endOperatorSession(db: Database, token: string | undefined): Promise<void> {
  if (!token || !TOKEN_SHAPE.test(token)) return;
  await db.delete(platformTokens).where(eq(platformTokens.tokenHash, tokenHash(token)));
}
