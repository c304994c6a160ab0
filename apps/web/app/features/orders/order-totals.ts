import { formatMoney } from "@storefront/domain";
import type { MoneyRow } from "~/components/money-rows";
import { taxLineLabel } from "~/lib/format";
import type { OrderView } from "./order-types";

/** An order's money, as its page and the admin's show it: subtotal, discounts, shipping, tax, total. */
export function orderMoneyRows(order: OrderView): MoneyRow[] {
  const money = (amount: number) => formatMoney(amount, order.currency);
  const rows: MoneyRow[] = [{ key: "subtotal", label: "Subtotal", value: money(order.subtotal) }];
  if (order.discountAmount > 0) {
    rows.push({
      key: "discount",
      label: order.discountCode ? `Discount (${order.discountCode.toUpperCase()})` : "Discount",
      value: `−${money(order.discountAmount)}`,
    });
  }
  if (order.pointsDiscount > 0) {
    rows.push({
      key: "points",
      label: `Points (${order.pointsSpent})`,
      value: `−${money(order.pointsDiscount)}`,
    });
  }
  if (order.requiresShipping) {
    rows.push({
      key: "shipping",
      label: `Shipping (${order.shippingLabel})`,
      value: order.shippingAmount === 0 ? "Free" : money(order.shippingAmount),
    });
  }
  if (order.taxLines.length === 0) {
    rows.push({ key: "tax", label: "Tax", value: money(order.taxAmount) });
  }
  for (const line of order.taxLines) {
    rows.push({ key: `tax-${line.name}`, label: taxLineLabel(line), value: money(line.amount) });
  }
  rows.push({
    key: "total",
    label: `Total (${order.currency.toUpperCase()})`,
    value: money(order.total),
    total: true,
  });
  return rows;
}
