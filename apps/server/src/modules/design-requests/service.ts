import type { GardenDesignRequest, StoredDesignRequest } from "@storefront/domain";
import { desc, eq } from "drizzle-orm";
import type { Database } from "../../db/index.ts";
import type { BackgroundTasks } from "../../lib/background.ts";
import type { Logger } from "../../lib/logger.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { consume, RATE_LIMITS, type RateLimiter } from "../../lib/rate-limit.ts";
import { mailStoreOwner } from "../stores/index.ts";
import { designRequests } from "./schema.ts";

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
  const notice = { storeId: context.storeId, replyTo: result.layoutData.email };
  deps.background.run("design request mail", () =>
    mailStoreOwner(deps, notice, "designRequest", { request: result }),
  );
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
