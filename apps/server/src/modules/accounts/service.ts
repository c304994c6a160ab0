import { randomInt } from "node:crypto";
import {
  type AccountUser,
  type CartMerge,
  DomainError,
  type LoginUser,
  ACCOUNT_MESSAGES as M,
  type UpdateAccountInput,
} from "@storefront/domain";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "../../db/index.ts";
import type { BackgroundTasks } from "../../lib/background.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { consume, RATE_LIMITS, type RateLimiter, rateLimitKey } from "../../lib/rate-limit.ts";
import { newToken, tokenHash } from "../../lib/tokens.ts";
import { sendMail } from "../../mail/index.ts";
import { storeBrandName as brandNameOf, storeLinkOrigin } from "../stores/index.ts";
import { findTrustedDevice, forgetAllDevices } from "./devices.ts";
import { dummyHash, passwords } from "./passwords.ts";
import { passwordResetTokens, users } from "./schema.ts";
import { endAllSessions, type UserRow } from "./sessions.ts";

/** A reset link works for one hour, once. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** Where the web app takes a new password. */
export const RESET_PATH = "/account/reset-password";

/** The user as sign-in and registration answer it; never the hash. */
export function loginUserView(row: UserRow): LoginUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    customerId: row.id,
    userType: row.userType,
    points_balance: row.pointsBalance,
    birthday: row.birthday,
    discountCode: row.discountCode,
    discountPercentage: row.discountPercentage,
    events_triggered: row.eventsTriggered,
  };
}

/** The user as the status call and the account page read it; never the hash. */
export function accountUserView(row: UserRow): AccountUser {
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    userType: row.userType,
    points_balance: row.pointsBalance,
    birthday: row.birthday,
    discountCode: row.discountCode,
    discountPercentage: row.discountPercentage,
    commission_percentage: row.commissionPercentage,
    commission_amount: row.commissionAmount,
    events_triggered: row.eventsTriggered,
  };
}

export async function findUserByEmail(
  db: Database,
  storeId: string,
  email: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.storeId, storeId), eq(users.email, email)));
  return row;
}

// No 0/O or 1/I: the code is read aloud and typed from a receipt.
const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/**
 * A personal discount code: the first name in capitals (letters A–Z, at most 10) and four random
 * characters, e.g. JANE7KQ2. A name without such letters gives FRIEND….
 */
export function personalDiscountCode(firstName: string): string {
  const stem =
    firstName
      .normalize("NFKD")
      .toUpperCase()
      .replace(/[^A-Z]/g, "")
      .slice(0, 10) || "FRIEND";
  let suffix = "";
  for (let i = 0; i < 4; i++) suffix += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return stem + suffix;
}

export interface AccountDeps {
  db: Database;
  limiter: RateLimiter;
}

/**
 * Who is signing in, from where, and what they bring: the guest cart, any earlier session, and
 * the device cookie of a browser an account signed in on before.
 */
export interface SignInContext {
  storeId: string;
  ip: string;
  guestSessionId: string | null;
  previousToken: string | null;
  deviceToken: string | null;
}

export interface SignedIn {
  user: LoginUser;
  cartMerge: CartMerge;
  token: string;
  expiresAt: Date;
  /** The browser's new device cookie. */
  device: { token: string; expiresAt: Date };
}

/**
 * Checks an email and password (flows/sign-in.ts then signs the account in). An unknown email and a wrong password answer the same 401,
 * after the same argon2 work. Limits: per IP, and at most 10 failures in 15 minutes per account;
 * a browser the account signed in on before counts its own failures instead, so while someone
 * else's guessing holds the account at its limit, the owner's browser still signs in.
 */
export async function verifySignIn(
  { db, limiter }: AccountDeps,
  context: SignInContext,
  credentials: { email: string; password: string },
): Promise<UserRow> {
  const { storeId } = context;
  await consume(limiter, storeId, RATE_LIMITS.signInPerIp, context.ip);
  const device = context.deviceToken
    ? await findTrustedDevice(db, storeId, context.deviceToken, credentials.email)
    : null;
  const failures = device
    ? { rule: RATE_LIMITS.signInFailuresPerDevice, subject: device.id }
    : { rule: RATE_LIMITS.signInFailuresPerEmail, subject: credentials.email };
  // Counted before the check and forgotten on success: only failures add up.
  await consume(limiter, storeId, failures.rule, failures.subject);
  const user = await findUserByEmail(db, storeId, credentials.email);
  const matches = await passwords.verify(
    user?.passwordHash ?? (await dummyHash()),
    credentials.password,
  );
  if (!user || !matches) throw new DomainError("unauthorized", M.loginFailed);
  // A known browser's success forgets its own failures only: the account's count (someone
  // else's guesses) stays until it ends or a sign-in without the device cookie succeeds.
  await limiter.reset(rateLimitKey(storeId, failures.rule, failures.subject));
  if (passwords.needsRehash(user.passwordHash)) {
    // Stored with weaker settings than today's: upgrade while the password is at hand.
    const passwordHash = await passwords.hash(credentials.password);
    await db.update(users).set({ passwordHash }).where(eq(users.id, user.id));
  }
  return user;
}

/** Changes the names and birthday of the signed-in account. */
export async function updateAccount(
  db: Database,
  user: UserRow,
  changes: UpdateAccountInput,
): Promise<AccountUser> {
  const set: Partial<typeof users.$inferInsert> = {};
  if (changes.first_name !== undefined) set.firstName = changes.first_name;
  if (changes.last_name !== undefined) set.lastName = changes.last_name;
  if (changes.birthday !== undefined) set.birthday = changes.birthday;
  if (Object.keys(set).length === 0) return accountUserView(user);
  const [row] = await db
    .update(users)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(users.id, user.id), eq(users.storeId, user.storeId)))
    .returning();
  if (!row) throw new DomainError("unauthorized", M.signInRequired);
  return accountUserView(row);
}

/** The store's name as its mail says it. */
export async function storeBrandName(db: Database, storeId: string): Promise<string> {
  return (await brandNameOf(db, storeId)) ?? "our store";
}

/**
 * A link that lets the account choose its password, once, within `ttlMs`: the reset link, and a
 * new trade account's welcome (its password is the applicant's to choose).
 */
export async function passwordLink(
  db: Database,
  storeId: string,
  userId: string,
  origin: string,
  ttlMs: number = RESET_TOKEN_TTL_MS,
): Promise<string> {
  const token = newToken();
  await db.insert(passwordResetTokens).values({
    storeId,
    userId,
    tokenHash: tokenHash(token),
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return `${origin}${RESET_PATH}?token=${token}`;
}

async function sendResetMail(
  db: Database,
  mailer: Mailer,
  storeId: string,
  email: string,
  requestOrigin: URL,
  log: { warn(obj: object, msg: string): void },
): Promise<void> {
  const user = await findUserByEmail(db, storeId, email);
  if (!user) return;
  const origin = await storeLinkOrigin(db, storeId, requestOrigin);
  if (!origin) {
    log.warn({ storeId }, "no reset mail: the store has no domain to link to");
    return;
  }
  const link = await passwordLink(db, storeId, user.id, origin);
  const brand = await storeBrandName(db, storeId);
  await sendMail(
    mailer,
    "passwordReset",
    { storeId, to: user.email },
    { brand, firstName: user.firstName, link },
  );
}

/**
 * Starts a password reset. The answer is the same whether or not the email has an account: the
 * look-up, the token and the mail happen after the answer (background), so neither the answer nor
 * its timing tells. Limits per IP and per email apply to every request.
 */
export async function requestPasswordReset(
  deps: AccountDeps & {
    mailer: Mailer;
    background: BackgroundTasks;
    log: { warn(obj: object, msg: string): void };
  },
  request: { storeId: string; ip: string; email: string; origin: URL },
): Promise<void> {
  const { storeId, email } = request;
  await consume(deps.limiter, storeId, RATE_LIMITS.resetPerIp, request.ip);
  await consume(deps.limiter, storeId, RATE_LIMITS.resetPerEmail, email);
  deps.background.run("password reset mail", () =>
    sendResetMail(deps.db, deps.mailer, storeId, email, request.origin, deps.log),
  );
}

/**
 * Sets a new password with a reset token: valid for an hour, once. Every session of the account
 * ends, its known browsers are forgotten, every other open reset link stops working, and its
 * sign-in failures are forgotten.
 */
export async function resetPassword(
  { db, limiter }: AccountDeps,
  storeId: string,
  input: { token: string; newPassword: string },
): Promise<void> {
  const invalid = () => new DomainError("invalid", M.resetInvalid);
  const hash = tokenHash(input.token);
  const usable = () =>
    and(
      eq(passwordResetTokens.tokenHash, hash),
      eq(passwordResetTokens.storeId, storeId),
      isNull(passwordResetTokens.usedAt),
      gt(passwordResetTokens.expiresAt, new Date()),
    );
  // Checked before the (costly) hash, and again, atomically, when the token is spent.
  const [found] = await db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(usable());
  if (!found) throw invalid();
  const passwordHash = await passwords.hash(input.newPassword);
  const user = await db.transaction(async (tx) => {
    const [spent] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(usable())
      .returning({ userId: passwordResetTokens.userId });
    if (!spent) return null;
    const [row] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(and(eq(users.id, spent.userId), eq(users.storeId, storeId)))
      .returning();
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.userId, spent.userId), isNull(passwordResetTokens.usedAt)));
    await endAllSessions(tx, spent.userId);
    // A browser that signed in with the old password is no longer a known one.
    await forgetAllDevices(tx, spent.userId);
    return row ?? null;
  });
  if (!user) throw invalid();
  await limiter.reset(rateLimitKey(storeId, RATE_LIMITS.signInFailuresPerEmail, user.email));
}
