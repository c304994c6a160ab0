// Its styles come with it: a feature index has no side effects, so an import there is dropped.
import "./orders.css";
import { formatMoney } from "@storefront/domain";
import { Link } from "react-router";
import { formatDate } from "~/lib/format";
import { type OrderSummary, STATUS_LABELS } from "./order-types";

/** The account page's order history, newest first; null when it could not be read. */
export function OrderHistory({ orders }: { orders: OrderSummary[] | null }) {
  return (
    <section aria-labelledby="orders-title" className="account-card order-history">
      <h2 id="orders-title">Order history</h2>
      {orders === null ? (
        <p className="inline-error" role="alert">
          Your orders could not be loaded. Please try again later.
        </p>
      ) : orders.length === 0 ? (
        <div className="order-history-empty">
          <p>You haven't placed an order yet. Orders you place while signed in show here.</p>
          <Link className="button button-secondary" to="/">
            Start shopping
          </Link>
        </div>
      ) : (
        <ul className="order-list">
          {orders.map((order) => (
            <li key={order.number} className="order-row">
              <Link className="order-row-number" to={`/orders/${order.number}`}>
                Order #{order.number}
              </Link>
              <time className="order-row-date" dateTime={order.createdAt}>
                {formatDate(order.createdAt)}
              </time>
              <span className="status-badge" data-status={order.status}>
                {STATUS_LABELS[order.status]}
              </span>
              <span className="order-row-items">
                {order.itemCount} {order.itemCount === 1 ? "item" : "items"}
              </span>
              <span className="order-row-total">{formatMoney(order.total, order.currency)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
