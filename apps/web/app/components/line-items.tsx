import { attributeLabel, type Currency, formatMoney, optionLabel } from "@storefront/domain";
import { Link } from "react-router";
import { ResponsiveImage } from "./responsive-image";

export interface LineItem {
  sku: string;
  handle: string;
  title: string;
  imageUrl: string | null;
  attributes: Record<string, string>;
  quantity: number;
  lineTotal: number;
}

/** Read-only lines of a cart or an order: image, title, variant, quantity and line total. */
export function LineItems({ lines, currency }: { lines: LineItem[]; currency: Currency }) {
  return (
    <ul className="line-items">
      {lines.map((line) => (
        <li key={line.sku} className="line-item">
          {line.imageUrl ? (
            <ResponsiveImage
              src={line.imageUrl}
              alt=""
              width={56}
              height={56}
              className="line-item-image"
            />
          ) : (
            <span className="line-item-image" />
          )}
          <span className="line-item-body">
            <Link to={`/products/${line.handle}`} className="line-item-title">
              {line.title}
            </Link>
            <span className="line-item-variant">
              {[
                ...Object.entries(line.attributes).map(
                  ([name, value]) => `${attributeLabel(name)}: ${optionLabel(name, value)}`,
                ),
                `Qty ${line.quantity}`,
              ].join(" · ")}
            </span>
          </span>
          <span className="line-item-total">{formatMoney(line.lineTotal, currency)}</span>
        </li>
      ))}
    </ul>
  );
}
