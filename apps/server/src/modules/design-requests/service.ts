import {
  type GardenDesignRequest,
  gardenDesignSummary,
  type StoredDesignRequest,
} from "@storefront/domain";
import { desc, eq } from "drizzle-orm";
import type { Database } from "../../db/index.ts";
import { designRequests, stores } from "../../db/schema.ts";
import type { BackgroundTasks } from "../../lib/background.ts";
import { escapeHtml } from "../../lib/html.ts";
import type { Logger } from "../../lib/logger.ts";
import type { Mailer, MailMessage } from "../../lib/mailer.ts";
import { consume, RATE_LIMITS, type RateLimiter } from "../../lib/rate-limit.ts";

export interface DesignRequestDeps {
  db: Database;
  mailer: Mailer;
  background: BackgroundTasks;
  limiter: RateLimiter;
  log: Logger;
}

function stored(row: typeof designRequests.$inferSelect): StoredDesignRequest {
  return {
    id: row.id,
    store_id: row.storeId,
    created_at: row.createdAt.toISOString(),
    layoutData: row.data,
  };
}

/**
 * The store owner's notice of a new request: the request laid out as in the Form Summary, and
 * a reply goes to the visitor.
 */
export function designRequestMail(
  store: { id: string; brandName: string; ownerEmail: string },
  request: StoredDesignRequest,
): MailMessage {
  const { layoutData } = request;
  const rows = gardenDesignSummary(layoutData);
  // A name sent through the API may hold line breaks; a subject is one line.
  const name = layoutData.name.replace(/\s+/g, " ");
  const received = `${request.created_at.slice(0, 16).replace("T", " ")} UTC`;
  const text = [
    `A visitor asked ${store.brandName} for a garden design.`,
    "",
    ...rows.map(({ label, value }) => `${label}: ${value.replace(/\r?\n/g, "\n  ")}`),
    "",
    `Received ${received} (request ${request.id}). Reply to this email to answer ${name}.`,
  ].join("\n");
  const cells = rows
    .map(
      ({ label, value }) =>
        `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0">${escapeHtml(label)}</th><td style="padding:4px 0;white-space:pre-line">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  const html = `<p>A visitor asked ${escapeHtml(store.brandName)} for a garden design.</p><table>${cells}</table><p>Received ${escapeHtml(received)} (request ${escapeHtml(request.id)}). Reply to this email to answer ${escapeHtml(name)}.</p>`;
  return {
    storeId: store.id,
    to: store.ownerEmail,
    replyTo: layoutData.email,
    subject: `New garden design request from ${name}`,
    text,
    html,
  };
}

async function notifyOwner(db: Database, mailer: Mailer, request: StoredDesignRequest) {
  const [store] = await db
    .select({ id: stores.id, brandName: stores.brandName, ownerEmail: stores.ownerEmail })
    .from(stores)
    .where(eq(stores.id, request.store_id));
  if (store) await mailer.send(designRequestMail(store, request));
}

/**
 * Stores a visitor's garden design request and mails it to the store owner. The mail goes after
 * the answer: the request is kept even when the mail server is down (the failure is logged), and
 * the owner can still read it in the admin listing.
 */
export async function submitDesignRequest(
  deps: DesignRequestDeps,
  context: { storeId: string; ip: string },
  request: GardenDesignRequest,
): Promise<StoredDesignRequest> {
  await consume(deps.limiter, context.storeId, RATE_LIMITS.designRequestPerIp, context.ip);
  const [row] = await deps.db
    .insert(designRequests)
    .values({ storeId: context.storeId, data: request })
    .returning();
  if (!row) throw new Error("the design request was not stored");
  const result = stored(row);
  deps.background.run("design request mail", () => notifyOwner(deps.db, deps.mailer, result));
  return result;
}

/** The store's requests, newest first. */
export async function listDesignRequests(
  db: Database,
  storeId: string,
  page: { limit: number; offset: number },
): Promise<StoredDesignRequest[]> {
  const rows = await db
    .select()
    .from(designRequests)
    .where(eq(designRequests.storeId, storeId))
    .orderBy(desc(designRequests.createdAt), desc(designRequests.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(stored);
}
