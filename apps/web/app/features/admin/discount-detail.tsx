import { type AdminDiscountView, DISCOUNT_STATE_LABELS, formatMoney } from "@storefront/domain";
import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import * as api from "~/lib/api";
import { FormOutcome } from "~/lib/use-save";
import { DiscountForm, STATE_COLOUR, termsText } from "./discount-form";
import { formatDateTime } from "./format";
import { ListTable } from "./list-screen";
import { OrderCells, OrderStatusCell, OrderTotalCell } from "./order-cells";

/** One code: what it takes off, its terms to edit, Expire now, and the orders placed with it. */
export function DiscountDetail({ view }: { view: AdminDiscountView }) {
  const { discount } = view;
  const revalidator = useRevalidator();
  const [done, setDone] = useState("");
  const [error, setError] = useState<string | null>(null);

  async function expire() {
    setDone("");
    setError(null);
    try {
      await api.adminDiscounts.expire(undefined, { params: { id: discount.id } });
      await revalidator.revalidate();
      setDone(`${discount.code} has expired: shoppers can no longer use it.`);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  }

  return (
    <article aria-labelledby="admin-discount-title">
      <p className="admin-back">
        <Link to="/admin/discounts">← All discount codes</Link>
      </p>
      <div className="admin-heading">
        <h1 id="admin-discount-title" className="admin-code">
          {discount.code}
        </h1>
        <span className="admin-status" data-status={STATE_COLOUR[discount.state]}>
          {DISCOUNT_STATE_LABELS[discount.state]}
        </span>
      </div>
      <p className="admin-order-meta">
        {termsText(discount)}. Used {discount.redemptions} of{" "}
        {discount.maxRedemptions.toLocaleString("en-US")} times. Created{" "}
        <time dateTime={discount.createdAt}>{formatDateTime(discount.createdAt)}</time>
        {discount.personalOf ? `. The personal code of ${discount.personalOf}` : ""}.
      </p>
      <div className="admin-order-grid">
        <div className="admin-order-lines">
          <section className="admin-card" aria-labelledby="admin-discount-paid">
            <h2 id="admin-discount-paid">Redemptions</h2>
            {view.paid.length === 0 ? (
              <p>No paid order has used this code yet.</p>
            ) : (
              <dl className="admin-facts">
                {view.paid.map((p) => (
                  <div key={p.currency}>
                    <dt>
                      {p.orders} paid {p.orders === 1 ? "order" : "orders"} in{" "}
                      {p.currency.toUpperCase()}
                    </dt>
                    <dd>
                      {formatMoney(p.discounted, p.currency)} taken off,{" "}
                      {formatMoney(p.revenue, p.currency)} paid (less refunds)
                    </dd>
                  </div>
                ))}
              </dl>
            )}
            {view.orders.length > 0 ? (
              <ListTable
                caption={`Orders placed with ${discount.code}`}
                head={
                  <>
                    <th scope="col">Order</th>
                    <th scope="col">Date</th>
                    <th scope="col">Customer</th>
                    <th scope="col">Status</th>
                    <th scope="col" className="admin-num">
                      Taken off
                    </th>
                    <th scope="col" className="admin-num">
                      Total
                    </th>
                  </>
                }
              >
                {view.orders.map((o) => (
                  <tr key={o.number}>
                    <OrderCells number={o.number} createdAt={o.createdAt} />
                    <td data-label="Customer">{o.email}</td>
                    <OrderStatusCell status={o.status} />
                    <td data-label="Taken off" className="admin-num">
                      {formatMoney(o.discountAmount, o.currency)}
                    </td>
                    <OrderTotalCell total={o.total} currency={o.currency} />
                  </tr>
                ))}
              </ListTable>
            ) : null}
          </section>
        </div>
        <div className="admin-order-side">
          <section className="admin-card" aria-labelledby="admin-discount-edit">
            <h2 id="admin-discount-edit">Terms</h2>
            {/* Made anew when the code is read again, so the fields show what was saved. */}
            <DiscountForm
              key={JSON.stringify(discount)}
              discount={discount}
              onSaved={async () => {
                setError(null);
                await revalidator.revalidate();
                setDone("Saved.");
              }}
            />
          </section>
          {discount.state !== "expired" ? (
            <section className="admin-card" aria-labelledby="admin-discount-expire">
              <h2 id="admin-discount-expire">End it now</h2>
              <p>Shoppers are refused it from now on, and carts holding it lose it.</p>
              <button type="button" className="admin-button" onClick={expire}>
                Expire now
              </button>
            </section>
          ) : null}
          <FormOutcome error={error} done={done} />
        </div>
      </div>
    </article>
  );
}
