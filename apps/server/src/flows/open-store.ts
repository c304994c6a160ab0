/**
 * Open a store: the flow behind the operators' "open a store" (POST /api/platform/stores and
 * `npm run store:create`), and what loads the demo stores into an empty database. Its steps, in
 * one transaction under the stores' lock:
 * 1. the id and hosts must be free (platform);
 * 2. each module writes its part of the store's blueprint (writeStore): the store's row and hosts
 *    (stores), its catalogue (catalog), subscription plans (subscriptions), pages and chatbot
 *    (content), search synonyms (search), discount codes (discounts), reviews (reviews) and
 *    accounts (accounts);
 * 3. a new store's owner gets an admin account and a link to choose its password (accounts);
 * then its images are drawn (media) and the owner is mailed the link.
 */
import type { DemoStore, NewStore } from "@storefront/domain";
import { sql } from "drizzle-orm";
import type { Database, Transaction } from "../db/index.ts";
import type { Mailer } from "../lib/mailer.ts";
import { sendMail } from "../mail/index.ts";
import { insertAccounts, insertOwnerAccount, passwordLink } from "../modules/accounts/writers.ts";
import { insertCatalog, insertPlans } from "../modules/catalog/writers.ts";
import { insertDocuments } from "../modules/content/writers.ts";
import { insertCodes } from "../modules/discounts/writers.ts";
import { drawStoreImages, type MediaStore } from "../modules/media/index.ts";
import {
  INVITATION_DAYS,
  INVITATION_TTL_MS,
  newStoreOf,
  type PlatformRules,
  refuseHosts,
  refuseTakenId,
  storeBlueprint,
} from "../modules/platform/index.ts";
import { insertDemoReviews } from "../modules/reviews/writers.ts";
import { insertSynonyms } from "../modules/search/writers.ts";
import { insertStoreRow } from "../modules/stores/writers.ts";

/** Held while stores are written: the demo stores at first start, a store the platform opens. */
const STORES_LOCK = 7_202_612;

/** Takes the stores' lock for the caller's transaction: the checks of a new store then hold. */
export async function lockStores(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${STORES_LOCK})`);
}

/** Writes a whole store from its blueprint (a demo store, or a new one), each module its part. */
export async function writeStore(tx: Transaction, store: DemoStore): Promise<void> {
  await insertStoreRow(tx, store);
  const { productIds } = await insertCatalog(tx, store);
  await insertPlans(tx, store, productIds);
  await insertDocuments(tx, store);
  await insertSynonyms(tx, store);
  await insertCodes(tx, store);
  await insertDemoReviews(tx, store, productIds);
  await insertAccounts(tx, store);
}

export interface OpenedStore {
  id: string;
  brandName: string;
  hosts: string[];
  ownerEmail: string;
}

/**
 * Opens a store: its row, hosts, starter theme, navigation, home and policy pages, its logo drawn
 * from its name, and its owner's admin account, in one transaction; then the owner is mailed a
 * link (single use, valid 7 days, only its hash stored) to choose the admin password. The store
 * answers at its hosts as soon as this returns, on every instance (the database announces it).
 * An id or a host that belongs to another store is refused (409) and nothing is written.
 */
export async function openStore(
  deps: { db: Database; mailer: Mailer; media: MediaStore; rules: PlatformRules },
  input: unknown,
  /** Where the invitation's link points: the scheme and port of the store's first host. */
  linkOrigin: (host: string) => string,
): Promise<OpenedStore> {
  const store: NewStore = newStoreOf(input);
  const blueprint = storeBlueprint(store);
  const link = await deps.db.transaction(async (tx) => {
    await lockStores(tx);
    await refuseTakenId(tx, store.id);
    await refuseHosts(tx, store.hosts, deps.rules);
    await writeStore(tx, blueprint);
    const ownerId = await insertOwnerAccount(tx, store);
    const origin = linkOrigin(store.hosts[0] ?? "");
    return passwordLink(tx, store.id, ownerId, origin, INVITATION_TTL_MS);
  });
  await drawStoreImages(deps.media, [blueprint]);
  await sendMail(
    deps.mailer,
    "storeInvitation",
    { storeId: store.id, to: store.ownerEmail },
    { brand: store.brandName, link, days: INVITATION_DAYS },
  );
  return {
    id: store.id,
    brandName: store.brandName,
    hosts: store.hosts,
    ownerEmail: store.ownerEmail,
  };
}
