import {
  type CheckoutSettings,
  DomainError,
  EVERY_CURRENCY,
  FooterSchema,
  fillFigures,
  LruCache,
  NavbarSchema,
  NO_TRADE_TERMS,
  PressStripSchema,
  ProductTrustSchema,
  STORE_MESSAGES,
  type StoreCurrencies,
  type StoreFigures,
  type StoreInfo,
  storeFigures,
  ThemeSchema,
  TopCallOutSchema,
  type TradeTerms,
} from "@storefront/domain";
import { asc, eq, sql } from "drizzle-orm";
import { type Database, databaseKey } from "../../db/index.ts";
import { acrossStores } from "../../db/store-scope.ts";
import { AnswerCache } from "../../lib/answer-cache.ts";
import { registerCache } from "../../lib/cache-bus.ts";
import { storeDomains, stores } from "./schema.ts";

const HOST_CACHE_MS = 30_000;
/** Hosts remembered at once: the Host header is the client's to choose, so the cache is bounded. */
export const HOST_CACHE_ENTRIES = 5_000;

/** The resolvers of each database, told when a store's hosts or its disabling changed. */
const resolvers = new WeakMap<object, Set<StoreResolver>>();
// The database announces it (migration 0046) from every instance, so a new store answers at
// once everywhere, and a disabled one stops.
registerCache("store-hosts", (db) => {
  for (const resolver of resolvers.get(databaseKey(db)) ?? []) resolver.forget();
});

/**
 * Maps a request's Host to its store: the store_domains table, else the configured default. A
 * disabled store's hosts answer 404 (not_found), as do every other host's when the default store
 * is disabled.
 */
/** The store a host belongs to, and what it sells in (which decides a request's currency). */
export interface ResolvedStore {
  storeId: string;
  sale: StoreCurrencies;
}

export class StoreResolver {
  readonly #cache = new LruCache<
    string,
    { storeId: string; disabled: boolean; sale: StoreCurrencies } | null
  >(HOST_CACHE_ENTRIES, HOST_CACHE_MS);
  /** Counts `forget`s: a lookup that was under way meanwhile read the old rows, so is not kept. */
  #generation = 0;

  constructor(
    private readonly db: Database,
    private readonly defaultStoreId: string,
  ) {
    let mine = resolvers.get(databaseKey(db));
    if (!mine) {
      mine = new Set();
      resolvers.set(databaseKey(db), mine);
    }
    mine.add(this);
  }

  async resolve(hostHeader: string | undefined): Promise<string> {
    return (await this.lookup(hostHeader)).storeId;
  }

  /** The host's store and what it sells in; not_found for a disabled store. */
  async lookup(hostHeader: string | undefined): Promise<ResolvedStore> {
    const host = normalizeHost(hostHeader);
    let found = this.#cache.get(host);
    if (found === undefined) {
      const generation = this.#generation;
      // The host names the store: until then no store's rows can be seen but by opting out.
      const [row] = await acrossStores(() =>
        this.db
          .select({
            storeId: stores.id,
            disabledAt: stores.disabledAt,
            currencies: stores.currencies,
            defaultCurrency: stores.defaultCurrency,
          })
          .from(stores)
          .where(
            eq(
              stores.id,
              sql`coalesce((select ${storeDomains.storeId} from ${storeDomains} where ${storeDomains.host} = ${host}), ${this.defaultStoreId})`,
            ),
          ),
      );
      found = row
        ? {
            storeId: row.storeId,
            disabled: row.disabledAt !== null,
            sale: { currencies: row.currencies, defaultCurrency: row.defaultCurrency },
          }
        : null;
      if (generation === this.#generation) this.#cache.set(host, found);
    }
    if (found?.disabled) throw new DomainError("not_found", STORE_MESSAGES.notFound);
    return found ?? { storeId: this.defaultStoreId, sale: EVERY_CURRENCY };
  }

  /** Forgets every host: a store was added, disabled or given other hosts. */
  forget(): void {
    this.#generation += 1;
    this.#cache.clear();
  }

  /** Hosts remembered now (at most HOST_CACHE_ENTRIES). */
  get cachedHosts(): number {
    return this.#cache.size;
  }
}

/** The host name without port, lower-cased. */
export function normalizeHost(hostHeader: string | undefined): string {
  const host = (hostHeader ?? "").trim().toLowerCase();
  if (host.startsWith("[")) return host.slice(0, host.indexOf("]") + 1);
  return host.split(":")[0] ?? "";
}

/**
 * Links of the form store://{storeId}/{path} point at a sister store on this server; they become
 * that store's first domain, with the protocol and port this request came in on.
 */
async function storeLinkResolver(db: Database, origin: URL) {
  // Sister stores' hosts: links between stores are the one thing a store may read of another.
  const rows = await acrossStores(() =>
    db
      .select({ host: storeDomains.host, storeId: storeDomains.storeId })
      .from(storeDomains)
      .orderBy(asc(storeDomains.host)),
  );
  const hostOf = new Map<string, string>();
  for (const row of rows) if (!hostOf.has(row.storeId)) hostOf.set(row.storeId, row.host);
  return (href: string): string => {
    const match = /^store:\/\/([^/]+)(\/.*)?$/.exec(href);
    if (!match?.[1]) return href;
    const host = hostOf.get(match[1]);
    if (!host) return match[2] ?? "/";
    const port = origin.port ? `:${origin.port}` : "";
    return `${origin.protocol}//${host}${port}${match[2] ?? "/"}`;
  };
}

/** The stored store; the route adds the payment provider's publishable key. */
export type StoreRecord = Omit<StoreInfo, "stripe_publishable_key" | "cardPayments">;

// Every page reads its store; store settings change rarely, so an answer is reused for a few
// seconds per instance, and forgotten on every instance as soon as the database announces a
// change of the store or its documents (migration 0018).
const STORE_INFO_TTL_MS = 5_000;
const storeInfoAnswers = new AnswerCache("stores", 200, STORE_INFO_TTL_MS);

/**
 * An answer read from the store's row or its documents, kept as the store information is (a
 * change is announced by the database and forgotten on every instance). Callers must not change
 * what it answers: later requests share it.
 */
export function storeAnswer<T>(db: Database, key: string, read: () => Promise<T>): Promise<T> {
  return storeInfoAnswers.get(db, key, read);
}

/** Store information and global content, with sister-store links for this request's origin. */
export function getStoreInfo(db: Database, storeId: string, origin: URL): Promise<StoreRecord> {
  return storeInfoAnswers.get(db, `${storeId} ${origin.origin}`, () =>
    readStoreInfo(db, storeId, origin),
  );
}

/** The store's brand name (for emails), kept as the store information is; null for no store. */
export function storeBrandName(db: Database, storeId: string): Promise<string | null> {
  return storeInfoAnswers.get(db, `brand ${storeId}`, async () => {
    const [row] = await db
      .select({ brandName: stores.brandName })
      .from(stores)
      .where(eq(stores.id, storeId));
    return row?.brandName ?? null;
  });
}

/**
 * Where the store's links point when no request is at hand (a timed job's email): its first
 * domain over https; null for a store without a domain.
 */
export async function storeHomeOrigin(db: Database, storeId: string): Promise<string | null> {
  const [first] = await db
    .select({ host: storeDomains.host })
    .from(storeDomains)
    .where(eq(storeDomains.storeId, storeId))
    .orderBy(asc(storeDomains.host))
    .limit(1);
  return first ? `https://${first.host}` : null;
}

/**
 * What checkout reads of the store in one statement: its shipping and tax rates, and its
 * connected Stripe account. Kept as the store information is (a change is announced by the
 * database and forgotten on every instance).
 */
function storeCheckout(
  db: Database,
  storeId: string,
): Promise<{ settings: CheckoutSettings; stripeId: string | null }> {
  return storeInfoAnswers.get(db, `checkout ${storeId}`, async () => {
    const [row] = await db
      .select({ settings: stores.checkoutSettings, stripeId: stores.stripeId })
      .from(stores)
      .where(eq(stores.id, storeId));
    if (!row) throw new DomainError("not_found", STORE_MESSAGES.notFound);
    return row;
  });
}

/** The store's shipping rates and tax rates, as every quote and order reads them. */
export async function getCheckoutSettings(
  db: Database,
  storeId: string,
): Promise<CheckoutSettings> {
  return (await storeCheckout(db, storeId)).settings;
}

/** The store's connected Stripe account (`stripeId`), which its card payments are made on; null: none. */
export async function getStripeAccount(
  db: Database,
  storeId: string,
): Promise<{ id: string; stripeId: string | null }> {
  return { id: storeId, stripeId: (await storeCheckout(db, storeId)).stripeId };
}

/** The store's trade terms (what trade accounts pay, their least order); none without them. */
export function getTradeTerms(db: Database, storeId: string): Promise<TradeTerms> {
  return storeInfoAnswers.get(db, `trade ${storeId}`, async () => {
    const [row] = await db
      .select({ terms: stores.tradeTerms })
      .from(stores)
      .where(eq(stores.id, storeId));
    if (!row) throw new DomainError("not_found", STORE_MESSAGES.notFound);
    return row.terms ?? NO_TRADE_TERMS;
  });
}

/**
 * The figures the store's content may quote (`{{shipping.CA.standard}}`, `{{affiliate.percentage}}`,
 * …), from the tables checkout reads, kept as the store information is.
 */
export function getStoreFigures(db: Database, storeId: string): Promise<StoreFigures> {
  return storeInfoAnswers.get(db, `figures ${storeId}`, async () => {
    const [row] = await db
      .select({ settings: stores.checkoutSettings, affiliate: stores.affiliatePercentage })
      .from(stores)
      .where(eq(stores.id, storeId));
    if (!row) throw new DomainError("not_found", STORE_MESSAGES.notFound);
    return storeFigures(row.settings, row.affiliate);
  });
}

async function readStoreInfo(db: Database, storeId: string, origin: URL): Promise<StoreRecord> {
  const [row] = await db.select().from(stores).where(eq(stores.id, storeId));
  if (!row) throw new DomainError("not_found", STORE_MESSAGES.notFound);
  const resolveLink = await storeLinkResolver(db, origin);
  const topCallOut = TopCallOutSchema.parse(row.topCallOutSection);
  return {
    storeId: row.id,
    brandName: row.brandName,
    logo: row.logo,
    brandDescription: row.brandDescription,
    stripeId: row.stripeId,
    defaultCurrency: row.defaultCurrency,
    currencies: row.currencies,
    theme: ThemeSchema.parse(row.theme),
    Navbar: NavbarSchema.parse(row.navbar),
    Footer: FooterSchema.parse(row.footer),
    GlobalStyles: row.globalStyles as Record<string, string>,
    TopCallOutSection: {
      messages: topCallOut.messages.map((m) => ({
        ...m,
        ...(m.href ? { href: resolveLink(m.href) } : {}),
      })),
    },
    TopPageCallout: row.topPageCallout ? PressStripSchema.parse(row.topPageCallout) : null,
    ProductTrust: fillFigures(
      ProductTrustSchema.parse(row.productTrust),
      storeFigures(row.checkoutSettings, row.affiliatePercentage),
    ),
    analyticsConsent: row.analyticsSettings.consent,
  };
}

function isLoopback(hostname: string): boolean {
  return (
    hostname === "localhost" ||
    hostname.endsWith(".localhost") ||
    hostname === "127.0.0.1" ||
    hostname === "[::1]"
  );
}

/**
 * The origin a link in the store's mail (reset link, order link) points at: the request's own, when its host is one of the store's
 * domains (or this machine). A forged Host must not receive someone's token, so any other host
 * gives the store's first domain instead, and a store without domains gets no link (null).
 */
export async function storeLinkOrigin(
  db: Database,
  storeId: string,
  /** Null for mail sent without a request (a timed job): the store's first domain. */
  requestOrigin: URL | null,
): Promise<string | null> {
  if (!requestOrigin) return storeHomeOrigin(db, storeId);
  if (isLoopback(requestOrigin.hostname)) return requestOrigin.origin;
  const domains = await db
    .select({ host: storeDomains.host })
    .from(storeDomains)
    .where(eq(storeDomains.storeId, storeId))
    .orderBy(asc(storeDomains.host));
  if (domains.some((d) => d.host === requestOrigin.hostname)) return requestOrigin.origin;
  const [first] = domains;
  return first ? `${requestOrigin.protocol}//${first.host}` : null;
}
