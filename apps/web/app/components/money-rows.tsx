import type { ReactNode } from "react";

export interface MoneyRow {
  key: string;
  label: ReactNode;
  value: ReactNode;
  /** The total row reads larger. */
  total?: boolean;
  className?: string;
}

/** Label and amount pairs (subtotal, discount, shipping, tax, total) as a description list. */
export function MoneyRows({ rows, className }: { rows: MoneyRow[]; className?: string }) {
  return (
    <dl className={`cart-totals${className ? ` ${className}` : ""}`}>
      {rows.map((row) => (
        <div key={row.key} className={`money-row${row.className ? ` ${row.className}` : ""}`}>
          <dt className={row.total ? "cart-total-label" : undefined}>{row.label}</dt>
          <dd className={row.total ? "cart-total" : undefined}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
