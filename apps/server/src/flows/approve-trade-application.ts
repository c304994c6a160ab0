/**
 * Approve a trade application: the flow behind the admin's "Approve". Its steps, in one
 * transaction: the application is locked (trade); the account of its email becomes a wholesale
 * one, made for it with a personal code when there is none (accounts); the application is marked
 * approved and the change audited (trade). After the answer, the applicant is mailed a link: to
 * choose a password for a new account (accounts), or to sign in.
 */
import { DomainError, TRADE_MESSAGES as M, type TradeApproval } from "@storefront/domain";
import { type AdminActor, audit } from "../lib/audit.ts";
import { newToken } from "../lib/tokens.ts";
import { sendMail } from "../mail/index.ts";
import { passwords, SIGN_IN_PATH, storeBrandName } from "../modules/accounts/index.ts";
import { makeTradeAccount, passwordLink } from "../modules/accounts/writers.ts";
import { storeLinkOrigin } from "../modules/stores/index.ts";
import { stored, type TradeDeps, WELCOME_LINK_TTL_MS } from "../modules/trade/index.ts";
import { lockApplication, markApproved } from "../modules/trade/writers.ts";

/**
 * Approves an application: the account of its email becomes a wholesale one (made for it, with a
 * personal code, when there is none; an admin's account stays as it is, a 409), the application
 * is marked approved, and the applicant is mailed a link (after the answer). Not found in this
 * store: 404; approved already: 409.
 */
export async function approveTradeApplication(
  deps: TradeDeps,
  context: {
    storeId: string;
    id: string;
    origin: URL;
    resaleCertificate?: string | undefined;
    actor: AdminActor;
  },
  now: Date,
): Promise<TradeApproval> {
  const certificate = context.resaleCertificate
    ? { resaleCertificate: context.resaleCertificate }
    : {};
  const { db } = deps;
  // A new account's password is the applicant's to choose (by the mailed link): until then, one
  // nobody knows. Hashed before the transaction, which it would otherwise hold up.
  const unknownPasswordHash = await passwords.hash(newToken());
  const outcome = await db.transaction(async (tx) => {
    const application = await lockApplication(tx, context.storeId, context.id);
    if (!application) return "not_found" as const;
    if (application.status === "approved") return "approved" as const;
    const account = await makeTradeAccount(
      tx,
      {
        storeId: context.storeId,
        email: application.data.email,
        contactName: application.data.contactName,
        resaleCertificate: context.resaleCertificate,
        unknownPasswordHash,
      },
      now,
    );
    if (account.kind === "admin") return "admin" as const;
    const { user, before: existing } = account;
    const decided = await markApproved(tx, application.id, user.id, now);
    await audit(tx, context.storeId, context.actor, {
      action: "trade_application.approve",
      target: `trade application ${application.id}`,
      before: {
        status: application.status,
        account: existing ? { email: existing.email, userType: existing.userType } : null,
      },
      after: {
        status: decided.status,
        account: { email: user.email, userType: user.userType, created: !existing },
        ...certificate,
      },
    });
    return { decided, user, created: !existing };
  });
  if (outcome === "not_found") throw new DomainError("not_found", M.notFound);
  if (outcome === "approved") throw new DomainError("conflict", M.alreadyApproved);
  if (outcome === "admin") throw new DomainError("conflict", M.adminAccount);
  const { decided, user, created } = outcome;
  deps.background.run("trade approval mail", async () => {
    const origin = await storeLinkOrigin(db, context.storeId, context.origin);
    if (!origin) {
      deps.log.warn({ storeId: context.storeId }, "no trade approval mail: no domain to link to");
      return;
    }
    const url = created
      ? await passwordLink(db, context.storeId, user.id, origin, WELCOME_LINK_TTL_MS)
      : `${origin}${SIGN_IN_PATH}`;
    const brand = await storeBrandName(db, context.storeId);
    await sendMail(
      deps.mailer,
      "tradeApproval",
      { storeId: context.storeId, to: user.email },
      {
        brand,
        firstName: user.firstName,
        link: { kind: created ? "choose-password" : "sign-in", url },
      },
    );
  });
  return {
    application: stored(decided),
    account: {
      email: user.email,
      userType: "wholesale",
      created,
      resaleCertificate: user.resaleCertificate,
    },
  };
}
