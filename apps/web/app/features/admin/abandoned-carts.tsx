import { type AbandonedCartPage, type AbandonedCartReport, formatMoney } from "@storefront/domain";
import { LineItemTable } from "~/components/line-item-table";
import { formatDateTime } from "./format";
import { countOf, ListScreen, pageCount } from "./list-screen";

/** "3 min 20 s" from seconds. */
function duration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** Where the visit came from, in a few words: campaign, source, referrer. */
function sourceOf(report: AbandonedCartReport): string | null {
  const a = report.attribution;
  const parts = [
    a?.source ? `${a.source}${a.medium ? ` / ${a.medium}` : ""}` : null,
    a?.campaign ? `campaign ${a.campaign}` : null,
    a?.referrer ? `from ${a.referrer}` : null,
  ].filter((p): p is string => p !== null);
  return parts.length > 0 ? parts.join(", ") : null;
}

function placeOf(report: AbandonedCartReport): string | null {
  const g = report.geo;
  if (!g) return null;
  const parts = [g.city, g.state, g.country].filter((p): p is string => !!p);
  return parts.length > 0 ? parts.join(", ") : null;
}

/** One abandoned cart: what was in it, who, and what they did on that visit. */
function CartReport({ report }: { report: AbandonedCartReport }) {
  const { cartData } = report;
  const money = (amount: number) => formatMoney(amount, cartData.currency);
  const source = sourceOf(report);
  const place = placeOf(report);
  return (
    <details className="admin-card admin-chat">
      <summary>
        <span className="admin-chat-summary">
          <strong>
            {money(cartData.subtotal)} {cartData.currency.toUpperCase()} ·{" "}
            {cartData.cartItems.reduce((n, l) => n + l.quantity, 0)} items ·{" "}
            {report.userEmail ?? "A guest"}
          </strong>
          <span className="admin-customer-email">
            Left <time dateTime={cartData.timestamp}>{formatDateTime(cartData.timestamp)}</time>
            {cartData.cartStatus === "abandoned" ? "" : ` · now ${cartData.cartStatus}`}
          </span>
        </span>
      </summary>
      <LineItemTable
        lines={cartData.cartItems.map((line) => ({ ...line, lineTotal: line.line_total }))}
        currency={cartData.currency}
        className="admin-table admin-rows"
      />
      <dl className="admin-facts admin-facts-wide">
        <div>
          <dt>Visit</dt>
          <dd>
            {duration(cartData.sessionDuration)} on the site, {report.viewedPages.length} pages,{" "}
            {report.productPageViews.length} product views
          </dd>
        </div>
        {report.productPageViews.length > 0 ? (
          <div>
            <dt>Products viewed</dt>
            <dd>{[...new Set(report.productPageViews.map((v) => v.handle))].join(", ")}</dd>
          </div>
        ) : null}
        {report.searchHistory.length > 0 ? (
          <div>
            <dt>Searched for</dt>
            <dd>{report.searchHistory.map((s) => `“${s.query}”`).join(", ")}</dd>
          </div>
        ) : null}
        {source ? (
          <div>
            <dt>Came</dt>
            <dd>{source}</dd>
          </div>
        ) : null}
        {place ? (
          <div>
            <dt>Place</dt>
            <dd>{place}</dd>
          </div>
        ) : null}
        <div>
          <dt>Cart history</dt>
          <dd>
            {cartData.cartEvents
              .map(
                (e) =>
                  `${e.type.replaceAll("_", " ")}${e.sku ? ` ${e.sku}` : ""}${e.quantity !== null ? ` × ${e.quantity}` : ""}`,
              )
              .join("; ") || "None recorded"}
          </dd>
        </div>
      </dl>
    </details>
  );
}

/** The cart-abandonment report: the most recently abandoned carts first, each opened for detail. */
export function AbandonedCarts({
  page,
  params,
}: {
  page: AbandonedCartPage;
  params: URLSearchParams;
}) {
  return (
    <ListScreen
      title="Abandoned carts"
      count={
        page.total === 0
          ? "No abandoned carts."
          : `${countOf(page.total, "abandoned cart", "abandoned carts")}, the most recent first`
      }
      stack
      pager={{ page: page.page, pages: pageCount(page.total, page.pageSize), params }}
    >
      {page.carts.map((report, i) => (
        // The report names no cart id; its place on the page is stable for one read.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <CartReport key={i} report={report} />
      ))}
    </ListScreen>
  );
}
