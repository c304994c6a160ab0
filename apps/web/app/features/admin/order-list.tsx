import {
  type AdminOrderList,
  type AdminOrderSort,
  formatMoney,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
} from "@storefront/domain";
import { Form, Link } from "react-router";
import { formatDateTime, withParams } from "./format";
import { Pager } from "./pager";

/** The columns a header click sorts by, and what each first sorts to. */
const SORTABLE: { sort: AdminOrderSort; label: string; first: "asc" | "desc" }[] = [
  { sort: "number", label: "Order", first: "desc" },
  { sort: "created", label: "Date", first: "desc" },
  { sort: "email", label: "Customer", first: "asc" },
  { sort: "status", label: "Status", first: "asc" },
];

function SortHeader({
  params,
  sort,
  label,
  first,
  className,
}: {
  params: URLSearchParams;
  sort: AdminOrderSort;
  label: string;
  first: "asc" | "desc";
  className?: string;
}) {
  const current = (params.get("sort") ?? "created") as AdminOrderSort;
  const dir = params.get("dir") === "asc" ? "asc" : "desc";
  const active = current === sort;
  const next = active ? (dir === "asc" ? "desc" : "asc") : first;
  return (
    <th
      scope="col"
      className={className}
      aria-sort={active ? (dir === "asc" ? "ascending" : "descending") : undefined}
    >
      <Link to={withParams(params, { sort, dir: next, page: null })} preventScrollReset>
        {label}
        <span aria-hidden="true" className="admin-sort-mark">
          {active ? (dir === "asc" ? " ▲" : " ▼") : ""}
        </span>
        <span className="visually-hidden">
          {`, sort ${next === "asc" ? "ascending" : "descending"}`}
        </span>
      </Link>
    </th>
  );
}

/**
 * The store's orders: a filter form (it works as a plain GET form without JavaScript), the table
 * with sortable headers, and the pages. At narrow widths each row reads as a card.
 */
export function OrderList({
  list,
  params,
  error,
}: {
  list: AdminOrderList | null;
  params: URLSearchParams;
  error: string | null;
}) {
  const filters = withParams(params, { sort: null, dir: null, page: null, perPage: null });
  const pages = list ? Math.max(1, Math.ceil(list.total / list.perPage)) : 1;
  const firstShown = list && list.orders.length > 0 ? (list.page - 1) * list.perPage + 1 : 0;
  const lastShown = list ? firstShown + list.orders.length - 1 : 0;
  return (
    <>
      <div className="admin-heading">
        <h1>Orders</h1>
        <a className="admin-button" href={`/api/admin/orders.csv${filters}`} download>
          Export CSV
        </a>
      </div>
      {/* Keyed by the query: a link to other filters (Clear, a page) shows them in the fields. */}
      <Form
        key={params.toString()}
        method="get"
        className="admin-filters"
        role="search"
        aria-label="Filter orders"
      >
        <div className="admin-field admin-field-wide">
          <label htmlFor="orders-q">Search</label>
          <input
            id="orders-q"
            name="q"
            type="search"
            defaultValue={params.get("q") ?? ""}
            placeholder="Order number, email or name"
            maxLength={254}
          />
        </div>
        <div className="admin-field">
          <label htmlFor="orders-status">Status</label>
          <select id="orders-status" name="status" defaultValue={params.get("status") ?? ""}>
            <option value="">All statuses</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {ORDER_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="orders-from">Placed from</label>
          <input id="orders-from" name="from" type="date" defaultValue={params.get("from") ?? ""} />
        </div>
        <div className="admin-field">
          <label htmlFor="orders-to">to</label>
          <input id="orders-to" name="to" type="date" defaultValue={params.get("to") ?? ""} />
        </div>
        {params.get("sort") ? (
          <input type="hidden" name="sort" value={params.get("sort") ?? ""} />
        ) : null}
        {params.get("dir") ? (
          <input type="hidden" name="dir" value={params.get("dir") ?? ""} />
        ) : null}
        <div className="admin-filter-actions">
          <button type="submit" className="admin-button admin-button-primary">
            Apply
          </button>
          <Link to="/admin/orders">Clear</Link>
        </div>
      </Form>
      {error ? (
        <p className="admin-error" role="alert">
          {error}
        </p>
      ) : null}
      {list ? (
        <>
          <p className="admin-count" role="status">
            {list.total === 0
              ? filters === ""
                ? "No orders yet."
                : "No orders match these filters."
              : `Showing ${firstShown}–${lastShown} of ${list.total} ${list.total === 1 ? "order" : "orders"}`}
          </p>
          {list.orders.length > 0 ? (
            <table className="admin-table admin-rows">
              <caption className="visually-hidden">Orders</caption>
              <thead>
                <tr>
                  {SORTABLE.map((column) => (
                    <SortHeader key={column.sort} params={params} {...column} />
                  ))}
                  <th scope="col" className="admin-num">
                    Items
                  </th>
                  <SortHeader
                    params={params}
                    sort="total"
                    label="Total"
                    first="desc"
                    className="admin-num"
                  />
                </tr>
              </thead>
              <tbody>
                {list.orders.map((order) => (
                  <tr key={order.number}>
                    <th scope="row" data-label="Order">
                      <Link to={`/admin/orders/${order.number}`}>#{order.number}</Link>
                    </th>
                    <td data-label="Date">
                      <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
                    </td>
                    <td data-label="Customer">
                      <span className="admin-customer">
                        <span className="admin-customer-name">{order.name}</span>
                        <span className="admin-customer-email">{order.email}</span>
                      </span>
                    </td>
                    <td data-label="Status">
                      <span className="admin-status" data-status={order.status}>
                        {ORDER_STATUS_LABELS[order.status]}
                        {order.refundedAmount === 0
                          ? ""
                          : order.refundedAmount >= order.total
                            ? ", refunded"
                            : ", part refunded"}
                      </span>
                    </td>
                    <td data-label="Items" className="admin-num">
                      {order.itemCount}
                    </td>
                    <td data-label="Total" className="admin-num">
                      <span>
                        {formatMoney(order.total, order.currency)}{" "}
                        <span className="admin-currency">{order.currency.toUpperCase()}</span>
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          <Pager page={list.page} pages={pages} params={params} />
        </>
      ) : null}
    </>
  );
}
