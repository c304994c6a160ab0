import { type CartView, formatMoney, pointsValue } from "@storefront/domain";
import { useState } from "react";
import { LineItems } from "~/components/line-items";
import { type MoneyRow, MoneyRows } from "~/components/money-rows";
import { DiscountForm } from "~/features/cart";
import { taxLineLabel } from "~/lib/format";
import { useCheckout } from "./checkout-context";

/**
 * The cart's lines, its discount code, the shopper's points and the checkout's totals: subtotal,
 * discount, points, shipping, tax and total.
 */
export function OrderSummary({ cart }: { cart: CartView }) {
  const s = useCheckout((state) => state);
  // Folded on narrow screens until asked for (CSS ignores it on wide ones).
  const [open, setOpen] = useState(false);
  const money = (amount: number) => formatMoney(amount, s.currency);
  const calculating = (text: string) => <span className="pending">{text}</span>;
  const rows: MoneyRow[] = [{ key: "subtotal", label: "Subtotal", value: money(s.subtotal) }];
  if (s.discountAmount > 0) {
    rows.push({
      key: "discount",
      label: (
        <>
          Discount
          {s.discountCode ? (
            <span className="summary-code">
              {" "}
              ({s.discountCode}
              {s.discountPercentage ? `, ${s.discountPercentage}% off` : ""})
            </span>
          ) : null}
        </>
      ),
      value: `−${money(s.discountAmount)}`,
    });
  }
  if (s.pointsDiscount > 0) {
    rows.push({
      key: "points",
      label: `Points (${s.pointsUsed})`,
      value: `−${money(s.pointsDiscount)}`,
    });
  }
  if (!s.canCalculateTax) {
    const enter = <span className="pending">Enter your address</span>;
    if (s.requiresShipping) rows.push({ key: "shipping", label: "Shipping", value: enter });
    rows.push({ key: "tax", label: "Tax", value: enter });
  } else {
    const option = s.selectedShippingOption;
    if (s.requiresShipping) {
      rows.push({
        key: "shipping",
        label: option ? `Shipping (${option.label})` : "Shipping",
        value: option
          ? s.isFreeShipping
            ? "Free"
            : money(s.shipping)
          : calculating("Calculating…"),
      });
    }
    if (s.isTaxCalculating) {
      rows.push({ key: "tax", label: "Tax", value: calculating("Calculating tax…") });
    } else if (s.taxLines.length === 0) {
      rows.push({ key: "tax", label: "Tax", value: money(0) });
    } else {
      for (const line of s.taxLines) {
        rows.push({
          key: `tax-${line.name}`,
          label: taxLineLabel(line),
          value: money(line.amount),
        });
      }
    }
  }
  rows.push({
    key: "total",
    label: `Total (${s.currency.toUpperCase()})`,
    value: money(s.total),
    total: true,
  });
  const lines = cart.cartItems.map((l) => ({
    sku: l.sku,
    handle: l.handle,
    title: l.title,
    imageUrl: l.image_url,
    attributes: l.attributes,
    quantity: l.quantity,
    lineTotal: l.line_total,
    subscription: l.subscription,
    contents: l.contents,
  }));
  return (
    <section
      className="checkout-summary"
      aria-labelledby="summary-title"
      data-collapsed={open ? undefined : ""}
    >
      <h2 id="summary-title">Order summary</h2>
      {/* Below the medium breakpoint the summary folds away, so the first field is on the first
          screen; the toggle tells the total. */}
      <button
        type="button"
        className="summary-toggle"
        aria-expanded={open}
        aria-controls="summary-body"
        onClick={() => setOpen((o) => !o)}
      >
        <span>{open ? "Hide order summary" : "Show order summary"}</span>
        <strong>{money(s.total)}</strong>
      </button>
      <div id="summary-body" className="summary-body">
        <LineItems lines={lines} currency={cart.currency} />
        <DiscountForm cart={cart} />
        {s.pointsBalance > 0 ? (
          <label className="summary-points">
            <input
              type="checkbox"
              checked={s.usePoints}
              onChange={(event) => s.setUsePoints(event.currentTarget.checked)}
            />
            <span>
              Use my {s.pointsBalance} points{" "}
              <span className="summary-points-value">
                (worth {money(pointsValue(s.pointsBalance))})
              </span>
            </span>
          </label>
        ) : null}
        <div aria-live="polite" aria-busy={s.isTaxCalculating}>
          <MoneyRows rows={rows} className="summary-totals" />
          {s.orderNotice ? <p className="summary-notice">{s.orderNotice}</p> : null}
        </div>
        {s.fullAddress ? (
          <p className="summary-ships-to">
            <strong>Ships to:</strong> {s.fullAddress}
          </p>
        ) : null}
      </div>
    </section>
  );
}
