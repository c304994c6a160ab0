import { type Currency, formatMoney } from "@storefront/domain";

export function Price({
  amount,
  currency,
  className,
}: {
  amount: number;
  currency: Currency;
  className?: string;
}) {
  return <span className={className ?? "price"}>{formatMoney(amount, currency)}</span>;
}
