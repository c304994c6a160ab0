import { randomUUID } from "node:crypto";
import {
  DomainError,
  NEW_STORE_MESSAGES as M,
  type NewStore,
  NewStoreSchema,
  PLATFORM_MESSAGES,
  type PlatformStore,
  type PlatformStoreChange,
  STORE_MESSAGES,
} from "@storefront/domain";
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/index.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import type { MediaStore } from "../media/index.ts";
import { checkUploadedImage, keepUpload } from "../media/index.ts";
import { changeStoreRow, setStoreLogoRow, storeDomains, stores } from "../stores/index.ts";

/** How long the owner's invitation to choose a password stays valid. */
export const INVITATION_DAYS = 7;
export const INVITATION_TTL_MS = INVITATION_DAYS * 24 * 60 * 60 * 1000;

/** What the server's settings forbid: the platform's host for a store, the default store off. */
export interface PlatformRules {
  /** PLATFORM_HOST: the operators' host, never a store's. */
  platformHost: string;
  /** STORE_ID: the store of every host no store has (the platform's host among them). */
  defaultStoreId: string;
}

/**
 * Refuses to start in production when PLATFORM_HOST is a real store's host: that store's pages
 * would share an origin with the operators' sign-in. The demo's default (the first demo store's
 * host, *.localhost) is allowed, as on a developer's machine.
 */
export async function refusePlatformHostOfAStore(
  db: Database,
  config: { env: string; platformHost: string },
): Promise<void> {
  const { platformHost } = config;
  if (config.env !== "production" || platformHost.endsWith(".localhost")) return;
  const [store] = await db
    .select({ storeId: storeDomains.storeId })
    .from(storeDomains)
    .where(eq(storeDomains.host, platformHost));
  if (store) {
    throw new Error(
      `PLATFORM_HOST ${platformHost} is a host of the store ${store.storeId}: in production, set PLATFORM_HOST to a host no store answers at`,
    );
  }
}

/** Refuses hosts another store answers at already (one host, one store), naming the first. */
async function refuseTakenHosts(
  tx: Database | Transaction,
  hosts: readonly string[],
): Promise<void> {
  const [taken] = await tx
    .select({ host: storeDomains.host })
    .from(storeDomains)
    .where(inArray(storeDomains.host, [...hosts]))
    .limit(1);
  if (taken) {
    const message = M.hostTaken(taken.host);
    throw new DomainError("conflict", message, { hosts: message });
  }
}

/** Refuses an id another store has (409), naming the field. */
export async function refuseTakenId(tx: Database | Transaction, storeId: string): Promise<void> {
  const [existing] = await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId));
  if (existing) throw new DomainError("conflict", M.idTaken, { id: M.idTaken });
}

/**
 * Refuses a new store's hosts when another store answers at one (409), or one is the platform's
 * own host (400).
 */
export async function refuseHosts(
  tx: Database | Transaction,
  hosts: readonly string[],
  rules: PlatformRules,
): Promise<void> {
  await refuseTakenHosts(tx, hosts);
  if (hosts.includes(rules.platformHost)) {
    const message = M.platformHost(rules.platformHost);
    throw new DomainError("invalid", message, { hosts: message });
  }
}

/** The store a new store's form describes, checked (400 naming each wrong field). */
export function newStoreOf(input: unknown): NewStore {
  const parsed = NewStoreSchema.safeParse(input);
  if (!parsed.success) {
    const fields = Object.fromEntries(
      parsed.error.issues.map((i) => [i.path.join(".") || "store", i.message]),
    );
    const first = parsed.error.issues[0]?.message ?? "Invalid store";
    throw new DomainError("invalid", first, fields);
  }
  return parsed.data;
}

/** Every store, oldest first, with its hosts, owner, Stripe account and whether it is disabled. */
export async function listStores(db: Database, storeId?: string): Promise<PlatformStore[]> {
  const rows = await db
    .select({
      id: stores.id,
      brandName: stores.brandName,
      ownerEmail: stores.ownerEmail,
      stripeId: stores.stripeId,
      currencies: stores.currencies,
      disabledAt: stores.disabledAt,
      createdAt: stores.createdAt,
      hosts: sql<
        string[]
      >`coalesce((select array_agg(${storeDomains.host} order by ${storeDomains.host}) from ${storeDomains} where ${storeDomains.storeId} = ${stores.id}), '{}')`,
    })
    .from(stores)
    .where(storeId === undefined ? undefined : eq(stores.id, storeId))
    .orderBy(asc(stores.createdAt), asc(stores.id));
  return rows.map(({ disabledAt, createdAt, ...row }) => ({
    ...row,
    disabled: disabledAt !== null,
    createdAt: createdAt.toISOString(),
  }));
}

/** One store as the operators list it; 404 when there is none with this id. */
export async function platformStore(db: Database, storeId: string): Promise<PlatformStore> {
  const [store] = await listStores(db, storeId);
  if (!store) throw new DomainError("not_found", STORE_MESSAGES.notFound);
  return store;
}

/**
 * An operator's change to a store: disabled (its hosts answer 404, its data kept) or enabled
 * again, and its connected Stripe account set or removed (one store per account).
 */
export async function changeStore(
  db: Database,
  rules: PlatformRules,
  storeId: string,
  change: PlatformStoreChange,
): Promise<PlatformStore> {
  if (change.disabled === true && storeId === rules.defaultStoreId) {
    const message = PLATFORM_MESSAGES.defaultStaysOpen;
    throw new DomainError("conflict", message, { disabled: message });
  }
  const changed = await changeStoreRow(db, storeId, change).catch((err: unknown) => {
    if (isUniqueViolation(err)) {
      throw new DomainError("conflict", PLATFORM_MESSAGES.stripeTaken, {
        stripeId: PLATFORM_MESSAGES.stripeTaken,
      });
    }
    throw err;
  });
  if (!changed) throw new DomainError("not_found", STORE_MESSAGES.notFound);
  return platformStore(db, storeId);
}

/**
 * Disables a store (its hosts answer 404; its data is kept) or enables it again. Never deletes.
 */
export async function setStoreDisabled(
  db: Database,
  rules: PlatformRules,
  storeId: string,
  disabled: boolean,
): Promise<void> {
  await changeStore(db, rules, storeId, { disabled });
}

/** The smallest logo a store's header can show sharply. */
const LOGO_MIN = { width: 120, height: 40, message: PLATFORM_MESSAGES.logoSmall };

/**
 * A store's logo uploaded by an operator (JPEG, PNG or WebP, checked like product photos): kept
 * as sent under the store's id in the media store and shown in its header and mail at once, on every
 * instance. A store that does not exist is a 404 and nothing is written.
 */
export async function setStoreLogo(
  deps: { db: Database; media: MediaStore },
  storeId: string,
  upload: { bytes: Buffer; type: string },
): Promise<{ logo: string }> {
  const { extension } = await checkUploadedImage(upload, LOGO_MIN);
  await platformStore(deps.db, storeId);
  const logo = await keepUpload(
    deps.media,
    storeId,
    `logo-${randomUUID()}.${extension}`,
    upload.bytes,
  );
  if (!(await setStoreLogoRow(deps.db, storeId, logo)))
    throw new DomainError("not_found", STORE_MESSAGES.notFound);
  return { logo };
}
