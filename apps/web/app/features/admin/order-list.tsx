import {
  ADMIN_ORDERS_CSV_PATH,
  type AdminOrderList,
  type AdminOrderSort,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
} from "@storefront/domain";
import { Link } from "react-router";
import { withParams } from "./format";
import {
  countOf,
  ListFilters,
  ListScreen,
  ListTable,
  pageCount,
  SearchField,
  SelectFilter,
} from "./list-screen";
import { OrderCells, OrderStatusCell, OrderTotalCell } from "./order-cells";

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
  const firstShown = list && list.orders.length > 0 ? (list.page - 1) * list.perPage + 1 : 0;
  const lastShown = list ? firstShown + list.orders.length - 1 : 0;
  return (
    <ListScreen
      title="Orders"
      actions={
        <a className="admin-button" href={`${ADMIN_ORDERS_CSV_PATH}${filters}`} download>
          Export CSV
        </a>
      }
      top={
        <ListFilters label="Filter orders" role="search" params={params} clearTo="/admin/orders">
          <SearchField
            id="orders-q"
            params={params}
            placeholder="Order number, email or name"
            maxLength={254}
          />
          <SelectFilter
            id="orders-status"
            name="status"
            label="Status"
            params={params}
            all="All statuses"
            values={ORDER_STATUSES}
            labels={ORDER_STATUS_LABELS}
          />
          <div className="admin-field">
            <label htmlFor="orders-from">Placed from</label>
            <input
              id="orders-from"
              name="from"
              type="date"
              defaultValue={params.get("from") ?? ""}
            />
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
        </ListFilters>
      }
      error={error}
      count={
        list
          ? list.total === 0
            ? filters === ""
              ? "No orders yet."
              : "No orders match these filters."
            : `Showing ${firstShown}–${lastShown} of ${countOf(list.total, "order", "orders")}`
          : undefined
      }
      pager={
        list ? { page: list.page, pages: pageCount(list.total, list.perPage), params } : undefined
      }
    >
      {list && list.orders.length > 0 ? (
        <ListTable
          caption="Orders"
          head={
            <>
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
            </>
          }
        >
          {list.orders.map((order) => (
            <tr key={order.number}>
              <OrderCells number={order.number} createdAt={order.createdAt} />
              <td data-label="Customer">
                <span className="admin-customer">
                  <span className="admin-customer-name">{order.name}</span>
                  <span className="admin-customer-email">{order.email}</span>
                </span>
              </td>
              <OrderStatusCell status={order.status}>
                {order.refundedAmount === 0
                  ? ""
                  : order.refundedAmount >= order.total
                    ? ", refunded"
                    : ", part refunded"}
              </OrderStatusCell>
              <td data-label="Items" className="admin-num">
                {order.itemCount}
              </td>
              <OrderTotalCell total={order.total} currency={order.currency} />
            </tr>
          ))}
        </ListTable>
      ) : null}
    </ListScreen>
  );
}
