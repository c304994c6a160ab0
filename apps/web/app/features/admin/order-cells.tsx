import {
  type Currency,
  formatMoney,
  ORDER_STATUS_LABELS,
  type OrderStatus,
} from "@storefront/domain";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatDateTime } from "./format";

/** The cells an order's row starts with in a list of orders: its number, linked, and its date. */
export function OrderCells({ number, createdAt }: { number: number; createdAt: string }) {
  return (
    <>
      <th scope="row" data-label="Order">
        <Link to={`/admin/orders/${number}`}>#{number}</Link>
      </th>
      <td data-label="Date">
        <time dateTime={createdAt}>{formatDateTime(createdAt)}</time>
      </td>
    </>
  );
}

/** An order's status in a row, with what follows its label (", refunded"). */
export function OrderStatusCell({
  status,
  children,
}: {
  status: OrderStatus;
  children?: ReactNode;
}) {
  return (
    <td data-label="Status">
      <span className="admin-status" data-status={status}>
        {ORDER_STATUS_LABELS[status]}
        {children}
      </span>
    </td>
  );
}

/** An order's total in a row, with its currency's code: "$39.95 USD". */
export function OrderTotalCell({ total, currency }: { total: number; currency: Currency }) {
  return (
    <td data-label="Total" className="admin-num">
      <span>
        {formatMoney(total, currency)}{" "}
        <span className="admin-currency">{currency.toUpperCase()}</span>
      </span>
    </td>
  );
}
