import { sql } from "drizzle-orm";
import { type Database, selectRows } from "../../db/index.ts";

/** The most URLs one sitemap file may list (sitemaps.org); past them, /sitemap.xml is an index. */
export const SITEMAP_URLS_PER_FILE = 50_000;

/**
 * What crawlers are kept out of: a shopper's own pages (account, cart, checkout, orders, the
 * links of mails), the admin and platform screens, search results and the API.
 */
const KEPT_OUT = [
  "/account",
  "/admin",
  "/api/",
  "/cart",
  "/checkout",
  "/email/",
  "/orders/",
  "/platform",
  "/search",
];

/** A page of the store and when it last changed, if known. */
export interface SitemapEntry {
  path: string;
  lastmod: Date | null;
}

/**
 * The store's pages, in a fixed order (home, collections, products, content pages), from
 * `offset`: the published products and the collections by handle, the content pages by name
 * (policies at /policies/…, the others at /pages/…; the home page's document is the home).
 */
function entriesQuery(storeId: string) {
  return sql`
    with live as (
      select id, handle, updated_at from products
      where store_id = ${storeId} and published)
    select 0 as part, '/' as path, greatest(
        (select max(updated_at) from live),
        (select updated_at from documents
         where store_id = ${storeId} and kind = 'master' and name = 'homepage')) as lastmod
    union all
    select 1, '/collections/' || c.handle, (
        select max(l.updated_at) from collection_products cp join live l on l.id = cp.product_id
        where cp.collection_id = c.id)
    from collections c where c.store_id = ${storeId}
    union all
    select 2, '/products/' || handle, updated_at from live
    union all
    select 3, case when name like 'policies/%' then '/' || name else '/pages/' || name end,
      updated_at
    from documents where store_id = ${storeId} and kind = 'master' and name <> 'homepage'`;
}

/** A time as a raw query answers it (a Date, or text), or null. */
function dateOf(value: string | Date | null): Date | null {
  return value === null ? null : new Date(value);
}

/** How many pages the store's sitemap lists. */
export async function sitemapSize(db: Database, storeId: string): Promise<number> {
  const [row] = await selectRows<{ urls: string | number }>(
    db,
    sql`select count(*) as urls from (${entriesQuery(storeId)}) e`,
  );
  return Number(row?.urls ?? 0);
}

/** `limit` of the store's pages from `offset`, in the sitemap's order. */
export async function sitemapEntries(
  db: Database,
  storeId: string,
  offset: number,
  limit: number,
): Promise<SitemapEntry[]> {
  const rows = await selectRows<{ path: string; lastmod: string | Date | null }>(
    db,
    sql`select path, lastmod from (${entriesQuery(storeId)}) e
        order by part, path offset ${offset} limit ${limit}`,
  );
  return rows.map((r) => ({ path: r.path, lastmod: dateOf(r.lastmod) }));
}

const XML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/** An absolute URL of the store's origin, percent-encoded and escaped for XML. */
function loc(origin: string, path: string): string {
  return `${origin}${encodeURI(path)}`.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

function urlXml(origin: string, entry: SitemapEntry, tag: "url" | "sitemap"): string {
  const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod.toISOString()}</lastmod>` : "";
  return `<${tag}><loc>${loc(origin, entry.path)}</loc>${lastmod}</${tag}>`;
}

/**
 * The store's sitemap at `file`: null is /sitemap.xml (every page, or past `perFile` pages an
 * index of /sitemap-1.xml…), a number is that file of the index. Answers null for a file that
 * does not exist.
 */
export async function sitemapXml(
  db: Database,
  storeId: string,
  origin: string,
  file: number | null,
  perFile = SITEMAP_URLS_PER_FILE,
): Promise<string | null> {
  const size = await sitemapSize(db, storeId);
  const files = Math.ceil(size / perFile);
  if (file === null && files > 1) {
    // Each file's lastmod: the newest of its pages'.
    const rows = await selectRows<{ file: string | number; lastmod: string | Date | null }>(
      db,
      sql`select file, max(lastmod) as lastmod from (
            select (row_number() over (order by part, path) - 1) / ${perFile} + 1 as file, lastmod
            from (${entriesQuery(storeId)}) e) f
          group by file order by file`,
    );
    const parts: SitemapEntry[] = rows.map((r) => ({
      path: `/sitemap-${r.file}.xml`,
      lastmod: dateOf(r.lastmod),
    }));
    const body = parts.map((p) => urlXml(origin, p, "sitemap")).join("\n");
    return `${XML_HEAD}<sitemapindex ${NS}>\n${body}\n</sitemapindex>\n`;
  }
  if (file !== null && (files <= 1 || file < 1 || file > files)) return null;
  const entries = await sitemapEntries(db, storeId, ((file ?? 1) - 1) * perFile, perFile);
  const body = entries.map((e) => urlXml(origin, e, "url")).join("\n");
  return `${XML_HEAD}<urlset ${NS}>\n${body}\n</urlset>\n`;
}

/** The store's robots.txt: everything but KEPT_OUT, and where its sitemap is. */
export function robotsTxt(origin: string): string {
  const disallow = KEPT_OUT.map((path) => `Disallow: ${path}`).join("\n");
  return `User-agent: *\n${disallow}\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`;
}
