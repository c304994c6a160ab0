import {
  attributeLabel,
  type BundleContent,
  type Currency,
  formatMoney,
  lineKey,
  optionLabel,
  type SubscriptionPlan,
} from "@storefront/domain";
import { Link } from "react-router";
import { BundleContents, skusOf } from "./bundle-contents";
import { PlanLabel } from "./plan-label";
import { SquareImage } from "./responsive-image";

export interface LineItem {
  sku: string;
  handle: string;
  title: string;
  imageUrl: string | null;
  attributes: Record<string, string>;
  quantity: number;
  lineTotal: number;
  /** A subscription line's plan; null for a one-time purchase. */
  subscription: SubscriptionPlan | null;
  /** What one of a bundle line holds; null for any other line. */
  contents: BundleContent[] | null;
}

/**
 * A line's options as a shopper reads them, and its quantity where it is given:
 * "Pack size: Pack of Two · Qty 2".
 */
export function variantText(attributes: Record<string, string>, quantity?: number): string {
  return [
    ...Object.entries(attributes).map(
      ([name, value]) => `${attributeLabel(name)}: ${optionLabel(name, value)}`,
    ),
    ...(quantity === undefined ? [] : [`Qty ${quantity}`]),
  ].join(" · ");
}

/** A line's square image at `size` px; without one, `placeholder` holds its place (or nothing). */
export function LineImage({
  src,
  size,
  className,
  placeholder = false,
}: {
  src: string | null;
  size: number;
  className: string;
  placeholder?: boolean;
}) {
  if (src) {
    return <SquareImage src={src} size={size} className={className} />;
  }
  return placeholder ? <span className={className} /> : null;
}

/**
 * Read-only lines of a cart or an order: image, title, variant, quantity, a subscription line's
 * plan, a bundle line's contents and line total.
 */
export function LineItems({ lines, currency }: { lines: LineItem[]; currency: Currency }) {
  return (
    <ul className="line-items">
      {lines.map((line) => (
        // Two lines of one bundle differ by their contents (an order line keeps no selection).
        <li
          key={lineKey({ ...line, skus_selected: line.contents && skusOf(line.contents) })}
          className="line-item"
        >
          <LineImage src={line.imageUrl} size={56} className="line-item-image" placeholder />
          {/* A div: a bundle line's contents are a list. */}
          <div className="line-item-body">
            <Link to={`/products/${line.handle}`} className="line-item-title">
              {line.title}
            </Link>
            <span className="line-item-variant">{variantText(line.attributes, line.quantity)}</span>
            {line.subscription ? <PlanLabel plan={line.subscription} as="span" /> : null}
            {line.contents ? <BundleContents contents={line.contents} /> : null}
          </div>
          <span className="line-item-total">{formatMoney(line.lineTotal, currency)}</span>
        </li>
      ))}
    </ul>
  );
}

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
 * `detailed` adds each line's options, plan and a bundle's contents, and the unit price.
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
