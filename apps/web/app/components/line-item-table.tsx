import { attributeLabel, type Currency, formatMoney } from "@storefront/domain";

/** A line of an order or a cart as the store's staff read it in a table. */
export interface TableLine {
  title: string;
  sku: string;
  quantity: number;
  lineTotal: number;
  /** What one costs: shown in the `detailed` table. */
  unitPrice?: number;
  attributes?: Record<string, string>;
  subscription?: { label: string } | null;
  contents?: { sku: string; title: string; quantity: number }[] | null;
}

/**
 * Lines as a table of the store's admin (its classes): item and SKU, quantity and line total.
 * `detailed` adds each line's options, plan and a bundle's contents, and the unit price. The
 * shopper's lists of lines are line-items.tsx; this file is apart from it so that the admin's
 * table never reaches a storefront page's code, nor the storefront's images the admin's.
 */
export function LineItemTable({
  lines,
  currency,
  className,
  detailed = false,
}: {
  lines: TableLine[];
  currency: Currency;
  className: string;
  detailed?: boolean;
}) {
  const money = (amount: number) => formatMoney(amount, currency);
  // A div where a bundle's contents (a list) may follow.
  const Item = detailed ? "div" : "span";
  return (
    <table className={className}>
      <thead>
        <tr>
          <th scope="col">Item</th>
          <th scope="col" className="admin-num">
            Qty
          </th>
          {detailed ? (
            <th scope="col" className="admin-num">
              Price
            </th>
          ) : null}
          <th scope="col" className="admin-num">
            Total
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line, index) => (
          // Lines never change order; a SKU may be there twice (once and on a plan; a bundle's
          // two fillings).
          // biome-ignore lint/suspicious/noArrayIndexKey: the position is the line's identity here
          <tr key={index}>
            <th scope="row" data-label="Item">
              <Item className="admin-line">
                <span className="admin-line-title">{line.title}</span>
                <span className="admin-line-sku">
                  {line.sku}
                  {detailed ? (
                    <>
                      {Object.entries(line.attributes ?? {}).map(([name, value]) => (
                        <span key={name}>
                          {" · "}
                          {attributeLabel(name)}: {value}
                        </span>
                      ))}
                      {line.subscription ? ` · ${line.subscription.label}` : ""}
                    </>
                  ) : null}
                </span>
                {detailed && line.contents ? (
                  <ul className="admin-line-contents">
                    {line.contents.map((c) => (
                      <li key={c.sku}>
                        {c.quantity} × {c.title} ({c.sku})
                      </li>
                    ))}
                  </ul>
                ) : null}
              </Item>
            </th>
            <td data-label="Qty" className="admin-num">
              {line.quantity}
            </td>
            {detailed ? (
              <td data-label="Price" className="admin-num">
                {money(line.unitPrice ?? 0)}
              </td>
            ) : null}
            <td data-label="Total" className="admin-num">
              {money(line.lineTotal)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
