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
import { SquareImage } from "./square-image";

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
