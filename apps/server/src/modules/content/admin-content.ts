import {
  type AdminPage,
  type AdminPageList,
  type CalloutUpdate,
  type ChatbotUpdate,
  DomainError,
  fillFigures,
  formatAddress,
  ADMIN_CONTENT_MESSAGES as M,
  MAIL_SENDER_MESSAGES,
  type MailSender,
  type MailSenderUpdate,
  type PageDocument,
  type PageSaveRequest,
  STORE_MESSAGES,
  senderDomainAllowed,
  storeSender,
  TopCallOutSchema,
} from "@storefront/domain";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/index.ts";
import { type AdminActor, audit } from "../../lib/audit.ts";
import {
  getStoreFigures,
  setStoreCallout,
  setStoreMailSender,
  storeDomains,
  stores,
} from "../stores/index.ts";
import { documents } from "./schema.ts";
import { sanitizePage, saveDocument } from "./service.ts";

const CHATBOT = "chatbot";
/** The where clause of the store's chat widget settings document. */
const chatbotDocument = (storeId: string) =>
  and(eq(documents.storeId, storeId), eq(documents.kind, "layout"), eq(documents.name, CHATBOT));

/** The store's pages by name, with their titles (HTML stripped) and when each was last saved. */
export async function listAdminPages(db: Database, storeId: string): Promise<AdminPageList> {
  const rows = await db
    .select({ name: documents.name, data: documents.data, updatedAt: documents.updatedAt })
    .from(documents)
    .where(and(eq(documents.storeId, storeId), eq(documents.kind, "master")))
    .orderBy(asc(documents.name));
  return {
    pages: rows.map((r) => ({
      name: r.name,
      title:
        typeof r.data.title === "string"
          ? r.data.title.replace(/<[^>]*>/g, "").trim() || null
          : null,
      updatedAt: r.updatedAt.toISOString(),
    })),
  };
}

/** A page's document as stored, with its figures' placeholders ({{…}}) as written. */
export async function readAdminPage(
  db: Database,
  storeId: string,
  name: string,
): Promise<AdminPage> {
  const [row] = await db
    .select({ data: documents.data, updatedAt: documents.updatedAt })
    .from(documents)
    .where(
      and(eq(documents.storeId, storeId), eq(documents.kind, "master"), eq(documents.name, name)),
    );
  if (!row) throw new DomainError("not_found", M.pageNotFound(name));
  return { name, document: row.data as PageDocument, updatedAt: row.updatedAt.toISOString() };
}

/** A draft as shoppers would be shown it: sanitised as a save would, the figures filled in. */
export async function previewPage(
  db: Database,
  storeId: string,
  document: PageDocument,
): Promise<PageDocument> {
  return fillFigures(sanitizePage(document), await getStoreFigures(db, storeId)) as PageDocument;
}

/**
 * Saves a page (or creates it, when `expectedUpdatedAt` is null and it does not exist), its HTML
 * sanitised as the seed's is, audited with before and after. A save by someone else since the
 * admin read the page is a 409, so neither loses the other's work unseen. Shoppers see it at once:
 * the database's notice empties the page caches.
 */
export async function saveAdminPage(
  db: Database,
  storeId: string,
  name: string,
  input: PageSaveRequest,
  actor: AdminActor,
): Promise<AdminPage> {
  const page = and(
    eq(documents.storeId, storeId),
    eq(documents.kind, "master"),
    eq(documents.name, name),
  );
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ data: documents.data, updatedAt: documents.updatedAt })
      .from(documents)
      .where(page)
      .for("update");
    const expected = input.expectedUpdatedAt ? new Date(input.expectedUpdatedAt).getTime() : null;
    if (before && before.updatedAt.getTime() !== expected) {
      throw new DomainError("conflict", M.pageChanged(before.updatedAt.toISOString()));
    }
    if (!before && expected !== null) throw new DomainError("not_found", M.pageNotFound(name));
    if (!before) {
      // A new page: claimed by its row, so of two admins creating it at once one is told.
      const [claimed] = await tx
        .insert(documents)
        .values({ storeId, kind: "master", name, data: {} })
        .onConflictDoNothing()
        .returning({ name: documents.name });
      if (!claimed) throw new DomainError("conflict", M.pageCreated(name));
    }
    await saveDocument(tx, storeId, "master", name, input.document);
    const [after] = await tx
      .select({ data: documents.data, updatedAt: documents.updatedAt })
      .from(documents)
      .where(page);
    if (!after) throw new DomainError("not_found", M.pageNotFound(name));
    await audit(tx, storeId, actor, {
      action: before ? "page.update" : "page.create",
      target: `page ${name}`,
      before: before?.data ?? null,
      after: after.data,
    });
    // This save's own version, read in its transaction: the editor's next save is checked against it.
    return {
      name,
      document: after.data as PageDocument,
      updatedAt: after.updatedAt.toISOString(),
    };
  });
}

/** The strip of messages above the header, as written (links not resolved). */
export async function readCallout(db: Database, storeId: string): Promise<CalloutUpdate> {
  const [row] = await db
    .select({ callout: stores.topCallOutSection })
    .from(stores)
    .where(eq(stores.id, storeId));
  if (!row) throw new DomainError("not_found", STORE_MESSAGES.notFound);
  return TopCallOutSchema.parse(row.callout) as CalloutUpdate;
}

export async function saveCallout(
  db: Database,
  storeId: string,
  callout: CalloutUpdate,
  actor: AdminActor,
): Promise<CalloutUpdate> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ callout: stores.topCallOutSection })
      .from(stores)
      .where(eq(stores.id, storeId))
      .for("update");
    if (!before) throw new DomainError("not_found", STORE_MESSAGES.notFound);
    await setStoreCallout(tx, storeId, callout);
    await audit(tx, storeId, actor, {
      action: "callout.update",
      target: "callout",
      before: before.callout as Record<string, unknown>,
      after: callout,
    });
    return callout;
  });
}

/** The chat widget's settings as stored ({} when the store has none yet). */
export async function readChatbotSettings(
  db: Database,
  storeId: string,
): Promise<Record<string, unknown>> {
  const [row] = await db
    .select({ data: documents.data })
    .from(documents)
    .where(chatbotDocument(storeId));
  return row?.data ?? {};
}

export async function saveChatbotSettings(
  db: Database,
  storeId: string,
  settings: ChatbotUpdate,
  actor: AdminActor,
): Promise<ChatbotUpdate> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ data: documents.data })
      .from(documents)
      .where(chatbotDocument(storeId))
      .for("update");
    await tx
      .insert(documents)
      .values({ storeId, kind: "layout", name: CHATBOT, data: settings })
      .onConflictDoUpdate({
        target: [documents.storeId, documents.kind, documents.name],
        set: { data: settings, updatedAt: sql`now()` },
      });
    await audit(tx, storeId, actor, {
      action: "chatbot.update",
      target: "chatbot",
      before: before?.data ?? null,
      after: settings,
    });
    return settings;
  });
}

/** The store's mail sender as set, and the From and Reply-To its mail carries now. */
export async function readMailSender(
  db: Database,
  storeId: string,
  platformFrom: string,
): Promise<MailSender> {
  const [row] = await db
    .select({
      name: stores.mailFromName,
      address: stores.mailFromAddress,
      brand: stores.brandName,
      owner: stores.ownerEmail,
    })
    .from(stores)
    .where(eq(stores.id, storeId));
  if (!row) throw new DomainError("not_found", STORE_MESSAGES.notFound);
  return {
    name: row.name,
    address: row.address,
    from: formatAddress(storeSender(row, row.brand, platformFrom)),
    replyTo: row.owner,
  };
}

/** Sets who the store's mail is from (null: the brand name, the platform's address), audited. */
export async function saveMailSender(
  db: Database,
  storeId: string,
  update: MailSenderUpdate,
  actor: AdminActor,
  platformFrom: string,
): Promise<MailSender> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ name: stores.mailFromName, address: stores.mailFromAddress })
      .from(stores)
      .where(eq(stores.id, storeId))
      .for("update");
    if (!before) throw new DomainError("not_found", STORE_MESSAGES.notFound);
    if (update.address) {
      // Only the store's own domains: the platform never sends as anyone else's address.
      const hosts = (
        await tx
          .select({ host: storeDomains.host })
          .from(storeDomains)
          .where(eq(storeDomains.storeId, storeId))
          .orderBy(asc(storeDomains.host))
      ).map((d) => d.host);
      if (!senderDomainAllowed(update.address, hosts)) {
        const message = MAIL_SENDER_MESSAGES.domain(hosts);
        throw new DomainError("invalid", message, { address: message });
      }
    }
    await setStoreMailSender(tx, storeId, update);
    await audit(tx, storeId, actor, {
      action: "mail_sender.update",
      target: "mail sender",
      before,
      after: update,
    });
  });
  return readMailSender(db, storeId, platformFrom);
}
