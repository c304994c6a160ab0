import { type AdminOrderEvent, type AdminOrderView, ORDER_STATUS_LABELS } from "@storefront/domain";
import { Link } from "react-router";
import { LineItemTable } from "~/components/line-item-table";
import { MoneyRows } from "~/components/money-rows";
import { cardText, orderMoneyRows, ShippingAddress } from "~/features/orders";
import { formatDateTime } from "./format";
import { CancelOrder, ShipmentForm } from "./order-actions";
import { RefundForm } from "./refund-form";

const EVENT_LABELS: Record<AdminOrderEvent["kind"], string> = {
  placed: "Placed",
  paid: "Paid",
  declined: "Payment declined",
  expired: "Released unpaid (hold expired)",
  canceled: "Canceled",
  refunded: "Refunded",
  refund_failed: "Refund refused",
  refund_pending: "Refund pending",
  shipped: "Shipped",
};

/** One order as the store's staff read it: lines, money, address, payment and what happened. */
export function OrderDetail({ order }: { order: AdminOrderView }) {
  return (
    <article className="admin-order" aria-labelledby="admin-order-title">
      <p className="admin-back">
        <Link to="/admin/orders">← All orders</Link>
      </p>
      <div className="admin-heading">
        <h1 id="admin-order-title">Order #{order.number}</h1>
        <span className="admin-status" data-status={order.status}>
          {ORDER_STATUS_LABELS[order.status]}
        </span>
      </div>
      <p className="admin-order-meta">
        Placed <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time> by{" "}
        {order.name} ({order.email}), {order.customer === "account" ? "an account" : "a guest"}
        {order.renewal ? ", a subscription renewal" : ""}
        {order.tradePrices ? ", at trade prices" : ""}
      </p>
      <div className="admin-order-grid">
        <section className="admin-card admin-order-lines" aria-labelledby="admin-order-lines">
          <h2 id="admin-order-lines">Items</h2>
          <LineItemTable
            lines={order.lines}
            currency={order.currency}
            className="admin-table"
            detailed
          />
          <MoneyRows rows={orderMoneyRows(order)} className="admin-totals" />
        </section>
        <div className="admin-order-side">
          {order.status === "paid" && order.requiresShipping ? (
            <ShipmentForm order={order} />
          ) : null}
          {order.status === "paid" ? <RefundForm order={order} /> : null}
          {order.status === "awaiting_payment" ? <CancelOrder order={order} /> : null}
          <section className="admin-card" aria-labelledby="admin-order-address">
            <h2 id="admin-order-address">{order.requiresShipping ? "Ship to" : "Delivery"}</h2>
            {order.requiresShipping ? (
              <>
                <ShippingAddress order={order} />
                <p>{order.shippingLabel}</p>
              </>
            ) : (
              <p>Nothing in this order is shipped.</p>
            )}
          </section>
          <section className="admin-card" aria-labelledby="admin-order-payment">
            <h2 id="admin-order-payment">Payment</h2>
            <p>{cardText(order.payment)}</p>
            <dl className="admin-facts">
              <div>
                <dt>Processor</dt>
                <dd>{order.payment.provider === "stripe" ? "Stripe" : "Test processor"}</dd>
              </div>
              <div>
                <dt>Reference</dt>
                <dd className="admin-code">{order.paymentReference ?? "None yet"}</dd>
              </div>
              {order.pointsEarned > 0 ? (
                <div>
                  <dt>Points earned</dt>
                  <dd>{order.pointsEarned}</dd>
                </div>
              ) : null}
            </dl>
          </section>
          <section className="admin-card" aria-labelledby="admin-order-events">
            <h2 id="admin-order-events">History</h2>
            <ol className="admin-events">
              {order.events.map((event) => (
                <li key={`${event.kind}-${event.at}`}>
                  <strong>{EVENT_LABELS[event.kind]}</strong>{" "}
                  <time dateTime={event.at}>{formatDateTime(event.at)}</time>
                  {event.detail ? <p>{event.detail}</p> : null}
                </li>
              ))}
            </ol>
          </section>
        </div>
      </div>
    </article>
  );
}
