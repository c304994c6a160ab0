// Its styles come with it: a feature index has no side effects, so an import there is dropped.
import "./orders.css";
import { COUNTRY_NAMES } from "@storefront/domain";
import { Link } from "react-router";
import { LineItems } from "~/components/line-items";
import { MoneyRows } from "~/components/money-rows";
import { formatDate } from "~/lib/format";
import { orderMoneyRows } from "./order-totals";
import { cardText, type OrderView } from "./order-types";

function StatusNotice({ order }: { order: OrderView }) {
  switch (order.status) {
    case "paid":
      return (
        <p className="order-status" data-status="paid" role="status">
          <strong>Paid.</strong> A confirmation is on its way to {order.email}.
        </p>
      );
    case "awaiting_payment":
      return (
        <p className="order-status" data-status="awaiting_payment" role="status">
          <span className="spinner" aria-hidden="true" /> We're confirming your payment… This page
          updates by itself.
        </p>
      );
    case "declined":
      return (
        <div className="order-status" data-status="declined" role="alert">
          <p>
            <strong>Your payment was declined.</strong> {order.failureMessage ?? ""}
          </p>
          <Link to="/checkout">Return to checkout</Link>
        </div>
      );
    case "expired":
      return (
        <p className="order-status" data-status="expired" role="status">
          This order was not paid in time, so nothing was charged and it was released.
        </p>
      );
    case "canceled":
      return (
        <p className="order-status" data-status="canceled" role="status">
          This order was canceled.
        </p>
      );
  }
}

/** Where an order ships: the buyer's name and the address, as a postal label reads. */
export function ShippingAddress({
  order,
  className,
}: {
  order: Pick<OrderView, "name" | "address">;
  className?: string;
}) {
  const { address } = order;
  return (
    <address className={className}>
      {order.name}
      <br />
      {address.line1}
      {address.line2 ? (
        <>
          <br />
          {address.line2}
        </>
      ) : null}
      <br />
      {address.city}, {address.region} {address.postalCode}
      <br />
      {COUNTRY_NAMES[address.country] ?? address.country}
    </address>
  );
}

/** The confirmation of an order: status, lines, totals, address, card and points. */
export function OrderDetails({ order, signedIn }: { order: OrderView; signedIn: boolean }) {
  const firstName = order.name.trim().split(/\s+/)[0] ?? "";
  const thanked = order.status === "paid" || order.status === "awaiting_payment";
  const rows = orderMoneyRows(order);
  return (
    <div className="container order-page">
      <h1 className="page-title">
        {thanked ? `Thank you, ${firstName}!` : `Order #${order.number}`}
      </h1>
      <p className="order-meta">
        Order <strong className="order-number">#{order.number}</strong> · placed{" "}
        <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
      </p>
      <StatusNotice order={order} />
      <div className="order-grid">
        <section className="account-card" aria-labelledby="order-items-title">
          <h2 id="order-items-title">Items</h2>
          <LineItems lines={order.lines} currency={order.currency} />
          <MoneyRows rows={rows} className="summary-totals" />
        </section>
        <div className="order-side">
          {order.requiresShipping ? (
            <section className="account-card" aria-labelledby="order-address-title">
              <h2 id="order-address-title">Shipping to</h2>
              <ShippingAddress order={order} className="order-address" />
              <p className="order-shipping-method">{order.shippingLabel}</p>
              {order.shipment ? (
                <p className="order-shipment">
                  Shipped{" "}
                  <time dateTime={order.shipment.shippedAt}>
                    {formatDate(order.shipment.shippedAt)}
                  </time>{" "}
                  with {order.shipment.carrier}. Tracking number:{" "}
                  <strong className="order-tracking">{order.shipment.trackingNumber}</strong>
                </p>
              ) : null}
            </section>
          ) : (
            <section className="account-card" aria-labelledby="order-address-title">
              <h2 id="order-address-title">Delivery</h2>
              <p className="order-shipping-method">
                Nothing in this order is shipped: it comes to {order.email}.
              </p>
            </section>
          )}
          <section className="account-card" aria-labelledby="order-payment-title">
            <h2 id="order-payment-title">Payment</h2>
            <p className="order-card">{cardText(order.payment)}</p>
            {order.payment.provider === "test" ? (
              <p className="checkout-hint">Test mode: no real charge was made.</p>
            ) : null}
          </section>
          {signedIn && order.pointsEarned > 0 ? (
            <section className="account-card" aria-labelledby="order-points-title">
              <h2 id="order-points-title">Loyalty points</h2>
              <p className="order-points">
                {order.status === "paid"
                  ? `You earned ${order.pointsEarned} points with this order.`
                  : `You will earn ${order.pointsEarned} points once the payment is confirmed.`}{" "}
                <Link to="/account">See your account</Link>
              </p>
            </section>
          ) : null}
        </div>
      </div>
      <p className="order-actions">
        <Link className="button" to="/">
          Continue shopping
        </Link>
      </p>
    </div>
  );
}
