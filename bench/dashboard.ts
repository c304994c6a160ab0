/**
 * The admin dashboard on a year of data: adds ORDERS paid orders (default 100,000, two lines
 * each, USD and CAD, some refunded, some by returning buyers, some after a recovery email) and
 * EVENTS analytics events (default 1,000,000: page views, product views, searches, cart events,
 * over one visit per five events) to the pet store, spread over the 365 days before today (more lately, as a growing store), with
 * abandoned carts; analyses the tables as after any bulk load; then times the dashboard's read
 * for the last 30 days and the whole year, as the admin's screen asks for it. PostgreSQL only
 * (the figure the issue asks for): a database of its own, which it fills.
 *
 *   DATABASE_URL=postgres://root@127.0.0.1:5432/dashboard_bench \
 *     node --import tsx bench/dashboard.ts [ORDERS] [EVENTS]
 */
import { sql } from "drizzle-orm";
import { maintainAsOwner, openDatabase } from "../apps/server/src/db/index.ts";
import { loadDemoStores } from "../apps/server/src/db/seed/index.ts";
import { readDashboard } from "../apps/server/src/modules/analytics/dashboard.ts";

const databaseUrl = process.env.DATABASE_URL;
const orderCount = Number(process.argv[2] ?? "100000");
const eventCount = Number(process.argv[3] ?? "1000000");
if (!databaseUrl || !Number.isInteger(orderCount) || !Number.isInteger(eventCount)) {
  throw new Error("usage: DATABASE_URL=… dashboard.ts [ORDERS] [EVENTS]");
}
const STORE = "pet-remedies";
const RUNS = 7;

// Loading a year takes statements of minutes; the dashboard's own reads are timed below.
const database = await openDatabase({
  databaseUrl,
  timeouts: { statementMs: 30 * 60_000 },
});
const db = database.acrossStores;
await loadDemoStores(db);
const [{ existing } = { existing: 0 }] = (
  await db.execute(sql`select count(*)::int as existing from orders where store_id = ${STORE}`)
).rows as { existing: number }[];

if (existing < orderCount) {
  const started = Date.now();
  const n = orderCount - existing;
  // A bulk load: each buyer's first order is marked once after, as the migration does, rather
  // than by the trigger row by row against statistics of an empty table.
  // So are its days' sales, once its lines are in.
  for (const trigger of ["orders_first_order", "orders_sales_days_paid"]) {
    await db.execute(sql`alter table orders disable trigger ${sql.identifier(trigger)}`);
  }
  // Orders: paid at a time of the year (more lately), a buyer among n/3 addresses (so about a
  // third buy again), one in five in CAD, one in fifty part refunded.
  await db.execute(sql`
    insert into orders (store_id, idempotency_key, email, name, address, currency, subtotal,
      shipping_option_id, shipping_label, shipping_amount, tax_amount, total, status,
      payment_provider, access_key_hash, hold_expires_at, paid_at, created_at, refunded_amount)
    select ${STORE}, 'bench-' || g || '-' || ${existing}, 'buyer' || (g % ${Math.max(1, Math.floor(n / 3))}) || '@example.com',
      'Bench Buyer', '{"line1":"1 Main St","city":"New York","region":"NY","postalCode":"10001","country":"US"}'::jsonb,
      case when g % 5 = 0 then 'cad' else 'usd' end, 4000 + (g % 50) * 100,
      'standard', 'Standard', 795, 300, 5095 + (g % 50) * 100, 'paid',
      'test', 'bench', at + interval '15 minutes', at + interval '2 minutes', at,
      case when g % 50 = 0 then 1000 else 0 end
    from (select g, now() - (365 * (1 - sqrt(random()))) * interval '1 day' as at
          from generate_series(1, ${n}) g) s
    -- In time order, as a store's orders arrive (a range of days is then a range of pages).
    order by at`);
  await db.execute(sql`
    insert into order_lines (order_id, store_id, sku, handle, title, attributes, quantity,
      unit_price, line_total, position)
    select o.id, o.store_id, v.sku, 'bench', 'Bench product ' || v.sku, '{}'::jsonb, 1 + (o.number % 3),
      2000, 2000 * (1 + (o.number % 3)), k
    from orders o
    cross join generate_series(0, 1) k
    join lateral (select 'ITCHY-' || (1 + ((o.number + k) % 2)) as sku) v on true
    where o.store_id = ${STORE} and o.idempotency_key like 'bench-%'
      and not exists (select 1 from order_lines l where l.order_id = o.id)`);
  for (const trigger of ["orders_first_order", "orders_sales_days_paid"]) {
    await db.execute(sql`alter table orders enable trigger ${sql.identifier(trigger)}`);
  }
  // The store's days' sales again from all its paid orders, as migration 0042 first made them.
  await db.execute(sql`delete from sales_days where store_id = ${STORE}`);
  await db.execute(sql`delete from product_sales_days where store_id = ${STORE}`);
  await db.execute(sql`
    insert into sales_days (store_id, day, currency, orders, revenue, refunded)
    select store_id, (paid_at at time zone 'UTC')::date, currency, count(*), sum(total),
      sum(refunded_amount)
    from orders where store_id = ${STORE} and status = 'paid' and paid_at is not null
    group by 1, 2, 3`);
  await db.execute(sql`
    insert into product_sales_days (store_id, day, currency, sku, title, units, revenue)
    select o.store_id, (o.paid_at at time zone 'UTC')::date, o.currency, l.sku, min(l.title),
      sum(l.quantity), sum(l.line_total)
    from orders o join order_lines l on l.order_id = o.id
    where o.store_id = ${STORE} and o.status = 'paid' and o.paid_at is not null
    group by 1, 2, 3, 4`);
  await maintainAsOwner(database.url, "analyze orders");
  await db.execute(sql`
    update orders o set first_order = true
    where o.store_id = ${STORE} and o.status = 'paid' and not o.first_order and not exists (
      select 1 from orders p
      where p.store_id = o.store_id and p.status = 'paid' and lower(p.email) = lower(o.email)
        and (p.paid_at < o.paid_at or (p.paid_at = o.paid_at and p.id < o.id)))`);
  // A recovery link opened before one order in forty (its cart made for it).
  await db.execute(sql`
    insert into carts (store_id, session_id, status)
    select o.store_id, 'bench-' || o.id, 'purchased' from orders o
    where o.store_id = ${STORE} and o.idempotency_key like 'bench-%' and o.number % 40 = 0
      and not exists (select 1 from carts c where c.session_id = 'bench-' || o.id)`);
  await db.execute(sql`
    insert into cart_recovery_tokens (store_id, cart_id, token_hash, email, created_at, expires_at, used_at)
    select o.store_id, c.id, 'bench-' || o.id, o.email, o.paid_at - interval '2 days',
      o.paid_at + interval '5 days', o.paid_at - interval '1 hour'
    from orders o join carts c on c.session_id = 'bench-' || o.id and c.store_id = o.store_id
    where o.store_id = ${STORE} and o.idempotency_key like 'bench-%' and o.number % 40 = 0
      and not exists (select 1 from cart_recovery_tokens t where t.token_hash = 'bench-' || o.id)`);
  // Abandoned carts: one per twenty orders.
  await db.execute(sql`
    insert into carts (store_id, session_id, status, abandoned_at)
    select ${STORE}, 'bench-abandoned-' || g || '-' || ${existing}, 'abandoned',
      now() - (365 * random()) * interval '1 day'
    from generate_series(1, ${Math.floor(n / 20)}) g`);
  console.log(`added ${n} orders in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const [{ events } = { events: 0 }] = (
  await db.execute(
    sql`select count(*)::int as events from analytics_events where store_id = ${STORE}`,
  )
).rows as { events: number }[];
if (events < eventCount) {
  const started = Date.now();
  const n = eventCount - events;
  const visits = Math.ceil(n / 5);
  await db.execute(sql`
    insert into analytics_sessions (store_id, visitor_session_id, started_at, last_seen_at, pages_viewed)
    select ${STORE}, 'bench-visit-' || g || '-' || ${events}, at, at + interval '6 minutes', 3
    from (select g, now() - (365 * (1 - sqrt(random()))) * interval '1 day' as at
          from generate_series(1, ${visits}) g) s
    order by at`);
  // Five events a visit: two page views, a product view, and a search or an item added.
  await db.execute(sql`
    insert into analytics_events (session_id, store_id, kind, key, at, data)
    select s.id, s.store_id, e.kind, e.kind || '-' || k, s.started_at + k * interval '1 minute',
      case e.kind
        when 'page_view' then jsonb_build_object('path', '/collections/dogs', 'timestamp', s.started_at, 'duration', 20)
        when 'product_view' then jsonb_build_object('handle', 'itchy-scratchy', 'timestamp', s.started_at)
        when 'search' then jsonb_build_object('query', (array['itchy dog','calm cat','turmeric','joint pain','zzqx'])[1 + (abs(hashtext(s.id::text)) % 5)], 'timestamp', s.started_at, 'duration', 5, 'scrolledProducts', '[]'::jsonb, 'clickedProducts', '[]'::jsonb)
        else jsonb_build_object('type', 'item_added', 'sku', 'ITCHY-1', 'quantity', 1, 'timestamp', s.started_at)
      end
    from analytics_sessions s
    cross join generate_series(0, 4) k
    cross join lateral (select case
      when k < 2 then 'page_view'
      when k = 2 then 'product_view'
      when abs(hashtext(s.id::text)) % 3 = 0 then 'cart_event'
      else 'search' end as kind) e
    where s.store_id = ${STORE} and s.visitor_session_id like 'bench-visit-%'
      and not exists (select 1 from analytics_events x where x.session_id = s.id)
    order by s.started_at, k`);
  console.log(`added ${n} events in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
// One query the store's search found nothing for, as the search records it: the dashboard
// checks it again against the catalogue.
await db.execute(sql`
  insert into search_query_results (store_id, query, results) values (${STORE}, 'zzqx', 0)
  on conflict do nothing`);
await maintainAsOwner(database.url, "vacuum (analyze)");

const now = new Date();
const today = now.toISOString().slice(0, 10);
const yearAgo = new Date(now.getTime() - 365 * 86_400_000).toISOString().slice(0, 10);
for (const [label, query] of [
  ["last 30 days", {}],
  ["the whole year", { from: yearAgo, to: today }],
] as const) {
  const times: number[] = [];
  let answer = await readDashboard(db, STORE, query, now);
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    answer = await readDashboard(db, STORE, query, now);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const orders = answer.sales.reduce((sum, s) => sum + s.orders, 0);
  console.log(
    `dashboard, ${label}: median ${times[Math.floor(RUNS / 2)]?.toFixed(0)} ms, slowest ${times[RUNS - 1]?.toFixed(0)} ms (${orders} paid orders, ${answer.funnel.sessions} visits, searches without results: ${answer.searchesWithoutResults.length})`,
  );
}
await database.close();
