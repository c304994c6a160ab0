import type { StoredTradeApplication, TradeApplication } from "@storefront/domain";
import { and, desc, eq } from "drizzle-orm";
import type { Database, Transaction } from "../../db/index.ts";
import type { BackgroundTasks } from "../../lib/background.ts";
import type { Logger } from "../../lib/logger.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { consume, RATE_LIMITS, type RateLimiter } from "../../lib/rate-limit.ts";
import { mailStoreOwner } from "../stores/index.ts";
import { wholesaleApplications } from "./schema.ts";

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
  const notice = { storeId: context.storeId, replyTo: result.application.email };
  deps.background.run("trade application mail", () =>
    mailStoreOwner(deps, notice, "tradeApplication", { application: result }),
  );
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
