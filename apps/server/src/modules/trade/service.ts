import {
  type StoredTradeApplication,
  TRADE_LABELS,
  type TradeApplication,
} from "@storefront/domain";
import { and, desc, eq } from "drizzle-orm";
import type { Database, Transaction } from "../../db/index.ts";
import { stores, wholesaleApplications } from "../../db/schema.ts";
import type { BackgroundTasks } from "../../lib/background.ts";
import { escapeHtml } from "../../lib/html.ts";
import type { Logger } from "../../lib/logger.ts";
import type { Mailer, MailMessage } from "../../lib/mailer.ts";
import { consume, RATE_LIMITS, type RateLimiter } from "../../lib/rate-limit.ts";

export interface TradeDeps {
  db: Database;
  mailer: Mailer;
  background: BackgroundTasks;
  limiter: RateLimiter;
  log: Logger;
}

/** A new trade account's link to choose its password works this long (it comes unasked). */
export const WELCOME_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

type ApplicationRow = typeof wholesaleApplications.$inferSelect;

export function stored(row: ApplicationRow): StoredTradeApplication {
  return {
    id: row.id,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    application: row.data,
  };
}

/** The owner's notice of an application: every field, and a reply goes to the applicant. */
export function tradeApplicationMail(
  store: { id: string; brandName: string; ownerEmail: string },
  application: StoredTradeApplication,
): MailMessage {
  const fields = Object.entries(TRADE_LABELS).map(([key, label]) => ({
    label,
    value: application.application[key as keyof TradeApplication] || "—",
  }));
  // A business name may hold line breaks through the API; a subject is one line.
  const business = application.application.businessName.replace(/\s+/g, " ");
  const received = `${application.createdAt.slice(0, 16).replace("T", " ")} UTC`;
  const text = [
    `${business} applied to be a ${store.brandName} trade partner.`,
    "",
    ...fields.map(({ label, value }) => `${label}: ${value.replace(/\r?\n/g, "\n  ")}`),
    "",
    `Received ${received} (application ${application.id}). Approve it in the store's admin; reply to this email to write to the applicant.`,
  ].join("\n");
  const cells = fields
    .map(
      ({ label, value }) =>
        `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0">${escapeHtml(label)}</th><td style="padding:4px 0;white-space:pre-line">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  const html = `<p>${escapeHtml(business)} applied to be a ${escapeHtml(store.brandName)} trade partner.</p><table>${cells}</table><p>Received ${escapeHtml(received)} (application ${escapeHtml(application.id)}). Approve it in the store's admin; reply to this email to write to the applicant.</p>`;
  return {
    storeId: store.id,
    to: store.ownerEmail,
    replyTo: application.application.email,
    subject: `New trade application from ${business}`,
    text,
    html,
  };
}

async function notifyOwner(db: Database, mailer: Mailer, application: StoredTradeApplication) {
  const [store] = await db
    .select({ id: stores.id, brandName: stores.brandName, ownerEmail: stores.ownerEmail })
    .from(stores)
    .innerJoin(wholesaleApplications, eq(wholesaleApplications.storeId, stores.id))
    .where(eq(wholesaleApplications.id, application.id));
  if (store) await mailer.send(tradeApplicationMail(store, application));
}

/**
 * Keeps a visitor's trade application and mails it to the store's owner (after the answer: the
 * application is kept when the mail server is down, and listed to the store's admins).
 */
export async function submitTradeApplication(
  deps: TradeDeps,
  context: { storeId: string; ip: string },
  application: TradeApplication,
): Promise<StoredTradeApplication> {
  await consume(deps.limiter, context.storeId, RATE_LIMITS.tradeApplicationsPerIp, context.ip);
  const [row] = await deps.db
    .insert(wholesaleApplications)
    .values({
      storeId: context.storeId,
      data: { ...application, email: application.email.toLowerCase() },
    })
    .returning();
  if (!row) throw new Error("the trade application was not stored");
  const result = stored(row);
  deps.background.run("trade application mail", () => notifyOwner(deps.db, deps.mailer, result));
  return result;
}

/** The store's applications, newest first. */
export async function listTradeApplications(
  db: Database,
  storeId: string,
  page: { limit: number; offset: number },
): Promise<StoredTradeApplication[]> {
  const rows = await db
    .select()
    .from(wholesaleApplications)
    .where(eq(wholesaleApplications.storeId, storeId))
    .orderBy(desc(wholesaleApplications.createdAt), desc(wholesaleApplications.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(stored);
}

/** The approved applicant's mail: a link to choose a password (a new account), or to sign in. */
export function approvalMail(
  brand: string,
  firstName: string,
  link: { kind: "choose-password" | "sign-in"; url: string },
): Pick<MailMessage, "subject" | "text" | "html"> {
  const action =
    link.kind === "choose-password"
      ? {
          intro: `we have made you a ${brand} trade account. To sign in, choose its password within the next 7 days (the link works once):`,
          label: "Choose your password",
        }
      : {
          intro: `your ${brand} account now has trade prices. Sign in as usual to see them:`,
          label: "Sign in",
        };
  const text = [
    `Hello ${firstName},`,
    "",
    `Your trade application is approved: ${action.intro}`,
    "",
    link.url,
    "",
    "Trade prices show on every product, in the cart and at checkout once you are signed in.",
  ].join("\n");
  const html = `<p>Hello ${escapeHtml(firstName)},</p><p>Your trade application is approved: ${escapeHtml(action.intro)}</p><p><a href="${escapeHtml(link.url)}">${escapeHtml(action.label)}</a></p><p>Trade prices show on every product, in the cart and at checkout once you are signed in.</p>`;
  return { subject: `Your ${brand} trade account is ready`, text, html };
}

/** The store's application, locked for its decision; undefined when there is none. */
export async function lockApplication(tx: Transaction, storeId: string, id: string) {
  const [application] = await tx
    .select()
    .from(wholesaleApplications)
    .where(and(eq(wholesaleApplications.id, id), eq(wholesaleApplications.storeId, storeId)))
    .for("update");
  return application;
}

/** The application is approved for the account `userId`, in the caller's transaction. */
export async function markApproved(
  tx: Transaction,
  applicationId: string,
  userId: string,
  now: Date,
) {
  const [decided] = await tx
    .update(wholesaleApplications)
    .set({ status: "approved", userId, decidedAt: now })
    .where(eq(wholesaleApplications.id, applicationId))
    .returning();
  if (!decided) throw new Error("the application was not updated");
  return decided;
}
