import { type Dashboard as DashboardData, dayBefore, formatMoney } from "@storefront/domain";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { SalesChart } from "./sales-chart";

/** A row of a bar table: its label, its figure and a bar of its share of the largest. */
interface BarRow {
  key: string;
  label: ReactNode;
  value: number;
  shown: string;
}

/**
 * A bar chart that is a table: each row's bar is drawn with CSS beside its figure, so a screen
 * reader reads the same table a sighted admin sees.
 */
function BarTable({
  caption,
  head,
  rows,
  empty,
}: {
  caption: string;
  head: [string, string];
  rows: BarRow[];
  empty: string;
}) {
  const largest = Math.max(1, ...rows.map((r) => r.value));
  if (rows.length === 0) return <p>{empty}</p>;
  return (
    <table className="admin-table admin-bars">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{head[0]}</th>
          <th scope="col" className="admin-num">
            {head[1]}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">
              {row.label}
              <span
                className="admin-bar"
                aria-hidden="true"
                style={{ width: `${(100 * row.value) / largest}%` }}
              />
            </th>
            <td className="admin-num">{row.shown}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = `dash-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <section className="admin-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** Searched queries as bar rows: the query and how often it was searched. */
const searchRows = (searches: DashboardData["topSearches"]): BarRow[] =>
  searches.map((s) => ({
    key: s.query,
    label: s.query,
    value: s.searches,
    shown: String(s.searches),
  }));

const percent = (part: number, whole: number) =>
  whole === 0 ? "–" : `${((100 * part) / whole).toFixed(1)}%`;

/**
 * The store's dashboard for a range of days: sales per currency (figures and a chart per day),
 * the visit funnel, abandoned and recovered carts, top products, searches (with those that find
 * nothing) and new against returning customers.
 */
export function Dashboard({ data, today }: { data: DashboardData; today: string }) {
  const presets = [7, 30, 90, 365].map((days) => ({
    days,
    to: `/admin?from=${dayBefore(today, days)}&to=${today}`,
  }));
  const f = data.funnel;
  const steps = [
    { key: "sessions", label: "Visits", value: f.sessions },
    { key: "views", label: "Viewed a product", value: f.productViews },
    { key: "added", label: "Added to cart", value: f.addedToCart },
    { key: "checkout", label: "Placed an order", value: f.checkout },
    { key: "paid", label: "Paid", value: f.paid },
  ];
  const buyers = data.customers.new + data.customers.returning;
  return (
    <>
      <div className="admin-heading">
        <h1>Dashboard</h1>
      </div>
      <Form method="get" className="admin-filters" aria-label="Date range">
        <div className="admin-field">
          <label htmlFor="dash-from">From</label>
          <input id="dash-from" name="from" type="date" defaultValue={data.from} />
        </div>
        <div className="admin-field">
          <label htmlFor="dash-to">to</label>
          <input id="dash-to" name="to" type="date" defaultValue={data.to} />
        </div>
        <div className="admin-filter-actions">
          <button type="submit" className="admin-button admin-button-primary">
            Show
          </button>
          {presets.map((p) => (
            <Link key={p.days} to={p.to}>
              Last {p.days} days
            </Link>
          ))}
        </div>
      </Form>
      <p className="admin-count" role="status">
        {data.from} to {data.to} (UTC days)
      </p>
      {data.sales.length === 0 ? (
        <Card title="Sales">
          <p>No paid orders in these days.</p>
        </Card>
      ) : null}
      <div className="admin-stack">
        {data.sales.map((s) => (
          <Card key={s.currency} title={`Sales in ${s.currency.toUpperCase()}`}>
            <dl className="admin-kpis">
              <div>
                <dt>Revenue</dt>
                <dd>{formatMoney(s.revenue, s.currency)}</dd>
              </div>
              <div>
                <dt>Orders</dt>
                <dd>{s.orders}</dd>
              </div>
              <div>
                <dt>Average order</dt>
                <dd>{formatMoney(s.averageOrderValue, s.currency)}</dd>
              </div>
              <div>
                <dt>Refunded</dt>
                <dd>{formatMoney(s.refunded, s.currency)}</dd>
              </div>
              <div>
                <dt>Recovered carts</dt>
                <dd>
                  {s.recoveredOrders} ({formatMoney(s.recoveredRevenue, s.currency)})
                </dd>
              </div>
            </dl>
            <SalesChart sales={s} />
          </Card>
        ))}
      </div>
      <div className="admin-dash-grid">
        <Card title="Funnel">
          <BarTable
            caption="Visits and how far they went"
            head={["Step", "Count (of visits)"]}
            rows={steps.map((s) => ({
              key: s.key,
              label: s.label,
              value: s.value,
              shown: `${s.value.toLocaleString("en-US")} (${percent(s.value, f.sessions)})`,
            }))}
            empty="No visits in these days."
          />
          <p className="admin-hint">
            Abandoned carts left in these days: <strong>{data.abandonedCarts}</strong>.
          </p>
        </Card>
        <Card title="Customers">
          <BarTable
            caption="New and returning customers"
            head={["Customers", "Count (orders)"]}
            rows={[
              {
                key: "new",
                label: "New (first order)",
                value: data.customers.new,
                shown: `${data.customers.new} (${data.customers.newOrders})`,
              },
              {
                key: "returning",
                label: "Returning",
                value: data.customers.returning,
                shown: `${data.customers.returning} (${data.customers.returningOrders})`,
              },
            ]}
            empty="No customers in these days."
          />
          <p className="admin-hint">
            {buyers === 0
              ? "No buyers in these days."
              : `${percent(data.customers.returning, buyers)} of buyers had bought before.`}
          </p>
        </Card>
        <Card title="Top products">
          <BarTable
            caption="Top products by units sold"
            head={["Product", "Units (revenue)"]}
            rows={data.topProducts.map((p) => ({
              key: `${p.sku}-${p.currency}`,
              label: (
                <span className="admin-line">
                  <span className="admin-line-title">{p.title}</span>
                  <span className="admin-line-sku">
                    {p.sku}, {p.currency.toUpperCase()}
                  </span>
                </span>
              ),
              value: p.units,
              shown: `${p.units} (${formatMoney(p.revenue, p.currency)})`,
            }))}
            empty="Nothing sold in these days."
          />
        </Card>
        <Card title="Top searches">
          <BarTable
            caption="Most searched queries"
            head={["Query", "Searches"]}
            rows={searchRows(data.topSearches)}
            empty="No searches in these days."
          />
          <h3 className="admin-subheading">Searches that found nothing</h3>
          <BarTable
            caption="Searches that found nothing"
            head={["Query", "Searches"]}
            rows={searchRows(data.searchesWithoutResults)}
            empty="Every search found something."
          />
        </Card>
      </div>
    </>
  );
}
