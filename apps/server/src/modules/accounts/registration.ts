import {
  CONFIRMATION_LINK_HOURS,
  DomainError,
  ACCOUNT_MESSAGES as M,
  type RegisterInput,
} from "@storefront/domain";
import { and, eq, gt, lte } from "drizzle-orm";
import type { Database } from "../../db/index.ts";
import type { BackgroundTasks } from "../../lib/background.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { consume, RATE_LIMITS } from "../../lib/rate-limit.ts";
import { newToken, tokenHash } from "../../lib/tokens.ts";
import { sendMail } from "../../mail/index.ts";
import { storeLinkOrigin } from "../stores/index.ts";
import { passwords } from "./passwords.ts";
import { pendingRegistrations, users } from "./schema.ts";
import {
  type AccountDeps,
  findUserByEmail,
  personalDiscountCode,
  type SignInContext,
  storeBrandName,
} from "./service.ts";
import type { UserRow } from "./sessions.ts";

/** A confirmation link works for 24 hours, once. */
export const CONFIRMATION_TTL_MS = CONFIRMATION_LINK_HOURS * 60 * 60 * 1000;
/** Where the web app finishes a registration. */
export const CONFIRM_PATH = "/account/confirm";
/** Where the web app signs in, and asks for a reset link. */
export const SIGN_IN_PATH = "/account/sign-in";

type Log = { warn(obj: object, msg: string): void };

export interface RegistrationDeps extends AccountDeps {
  mailer: Mailer;
  background: BackgroundTasks;
  log: Log;
}

/** A registration as it waits for its confirmation: the password already hashed. */
interface Registration {
  storeId: string;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  birthday: string | null;
}

/**
 * After the answer: an email with an account mails its owner a note (sign in, or reset the
 * password); any other email gets a pending registration and its confirmation link.
 */
async function mailRegistration(
  db: Database,
  mailer: Mailer,
  log: Log,
  registration: Registration,
  requestOrigin: URL,
): Promise<void> {
  const { storeId, email } = registration;
  const origin = await storeLinkOrigin(db, storeId, requestOrigin);
  if (!origin) {
    log.warn({ storeId }, "no registration mail: the store has no domain to link to");
    return;
  }
  const brand = await storeBrandName(db, storeId);
  const owner = await findUserByEmail(db, storeId, email);
  if (owner) {
    await sendMail(
      mailer,
      "alreadyRegistered",
      { storeId, to: owner.email },
      {
        brand,
        firstName: owner.firstName,
        signInUrl: `${origin}${SIGN_IN_PATH}`,
        resetUrl: `${origin}${SIGN_IN_PATH}?view=forgot`,
      },
    );
    return;
  }
  const token = newToken();
  const now = new Date();
  await db.transaction(async (tx) => {
    // Registrations nobody confirmed in time are personal data of no use: they go.
    await tx.delete(pendingRegistrations).where(lte(pendingRegistrations.expiresAt, now));
    await tx.insert(pendingRegistrations).values({
      ...registration,
      tokenHash: tokenHash(token),
      expiresAt: new Date(now.getTime() + CONFIRMATION_TTL_MS),
    });
  });
  const link = `${origin}${CONFIRM_PATH}?token=${token}`;
  await sendMail(
    mailer,
    "registrationConfirmation",
    { storeId, to: email },
    { brand, firstName: registration.firstName, link },
  );
}

/**
 * Starts a registration. The answer is the same whether or not the email has an account: the
 * password is hashed either way (the same work, so a similar time), and the look-up, the pending
 * registration and the mail happen after the answer. The account exists once the link in the
 * mail is opened (`confirmRegistration`). Limits per IP and per email apply to every request.
 */
export async function register(
  deps: RegistrationDeps,
  request: { storeId: string; ip: string; origin: URL },
  input: RegisterInput,
): Promise<void> {
  const { storeId } = request;
  await consume(deps.limiter, storeId, RATE_LIMITS.registerPerIp, request.ip);
  await consume(deps.limiter, storeId, RATE_LIMITS.registerPerEmail, input.email);
  const registration: Registration = {
    storeId,
    email: input.email,
    passwordHash: await passwords.hash(input.password),
    firstName: input.first_name,
    lastName: input.last_name,
    birthday: input.birthday ?? null,
  };
  deps.background.run("registration mail", () =>
    mailRegistration(deps.db, deps.mailer, deps.log, registration, request.origin),
  );
}

/**
 * Creates the account of a pending registration from its link's token (24 hours, once), with a
 * personal discount code, for flows/sign-in.ts to sign it in on this browser.
 * Every other link of the same email ends with it. An unknown, expired or used token is a 400;
 * an email that has meanwhile got an account (another of its links) is a 409.
 */
export async function confirmRegistration(
  { db }: AccountDeps,
  context: SignInContext,
  token: string,
): Promise<UserRow> {
  const outcome = await db.transaction(async (tx) => {
    const [pending] = await tx
      .delete(pendingRegistrations)
      .where(
        and(
          eq(pendingRegistrations.tokenHash, tokenHash(token)),
          eq(pendingRegistrations.storeId, context.storeId),
          gt(pendingRegistrations.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!pending) return "invalid" as const;
    await tx
      .delete(pendingRegistrations)
      .where(
        and(
          eq(pendingRegistrations.storeId, pending.storeId),
          eq(pendingRegistrations.email, pending.email),
        ),
      );
    // A code already held by someone in this store: draw again (rare; a few tries are plenty).
    // Conflicts do nothing rather than fail, so the transaction stays usable for the next try.
    for (let attempt = 0; attempt < 6; attempt++) {
      const [user]: UserRow[] = await tx
        .insert(users)
        .values({
          storeId: pending.storeId,
          email: pending.email,
          passwordHash: pending.passwordHash,
          firstName: pending.firstName,
          lastName: pending.lastName,
          birthday: pending.birthday,
          discountCode: personalDiscountCode(pending.firstName),
        })
        .onConflictDoNothing()
        .returning();
      if (user) return user;
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.storeId, pending.storeId), eq(users.email, pending.email)));
      if (taken) return "taken" as const;
    }
    throw new Error("No free personal discount code after 6 tries");
  });
  if (outcome === "invalid") throw new DomainError("invalid", M.confirmInvalid);
  if (outcome === "taken") throw new DomainError("conflict", M.emailTaken);
  return outcome;
}
