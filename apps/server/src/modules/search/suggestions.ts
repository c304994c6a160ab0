// What a search that finds nothing suggests: the conditions the store's products are for, and
// its most reviewed products sold in the currency.
import type { Currency, PriceList, SearchResults } from "@storefront/domain";
import { sql } from "drizzle-orm";
import { type Database, selectRows } from "../../db/index.ts";
import { AnswerCache } from "../../lib/answer-cache.ts";
import { reusedProductCards } from "../catalog/index.ts";

// What a search that finds nothing suggests changes with the catalogue, seldom: kept 10 s.
export const suggestionCache = new AnswerCache("search-suggestions", 1_000, 10_000);

/** How many products a search that found nothing suggests. */
const POPULAR_COUNT = 4;

/**
 * For a search that found nothing: each condition the store's products are for, as its first
 * collection narrowed to it, and the products shoppers reviewed most (then the first of the
 * catalogue's order, for a store with few reviews), of those sold in the currency. The database
 * picks them: a large catalogue is never read whole for four cards.
 */
export async function suggestions(
  db: Database,
  storeId: string,
  currency: Currency,
  priceList: PriceList,
): Promise<NonNullable<SearchResults["suggestions"]>> {
  const [conditions, popular] = await Promise.all([
    selectRows<{ label: string; url: string }>(
      db,
      sql`
        select distinct on (t->>'value') t->>'label' as label,
          '/collections/' || c.handle || '?condition=' || (t->>'value') as url
        from collections c
        join collection_products cp on cp.collection_id = c.id
        join products p on p.id = cp.product_id and p.published
        cross join jsonb_array_elements(p.tags) t
        where c.store_id = ${storeId} and t->>'facet' = 'condition'
        order by t->>'value', c.handle`,
    ),
    selectRows<{ id: string; handle: string; title: string }>(
      db,
      sql`
        with rated as (
          select product_id, count(*) as n, round(sum(rating)::numeric / count(*), 2) as average
          from reviews
          where store_id = ${storeId} and not hidden
          group by product_id
        ),
        sold as (
          select p.id, p.handle, p.title, p.position from products p
          where p.store_id = ${storeId} and p.published and exists (
            select 1 from variants v
            join variant_prices vp on vp.variant_id = v.id and vp.currency = ${currency}
            where v.store_id = ${storeId} and v.product_id = p.id)
        )
        select id, handle, title from (
          (select 0 as part, s.id, s.handle, s.title, r.n, r.average, s.position
            from sold s join rated r on r.product_id = s.id
            order by r.n desc, r.average desc, s.position, s.title
            limit ${POPULAR_COUNT})
          union all
          (select 1, s.id, s.handle, s.title, 0, 0, s.position
            from sold s
            where not exists (select 1 from rated r where r.product_id = s.id)
            order by s.position, s.title
            limit ${POPULAR_COUNT})
        ) picked
        order by part, n desc, average desc, position, title
        limit ${POPULAR_COUNT}`,
    ).then((rows) => reusedProductCards(db, storeId, rows, currency, priceList)),
  ]);
  return { conditions: conditions.sort((a, b) => a.label.localeCompare(b.label)), popular };
}
