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
import { ResponsiveImage } from "./responsive-image";

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
          {line.imageUrl ? (
            <ResponsiveImage
              src={line.imageUrl}
              alt=""
              width={56}
              height={56}
              shape="square"
              sizes="56px"
              className="line-item-image"
            />
          ) : (
            <span className="line-item-image" />
          )}
          {/* A div: a bundle line's contents are a list. */}
          <div className="line-item-body">
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
            {line.subscription ? <PlanLabel plan={line.subscription} as="span" /> : null}
            {line.contents ? <BundleContents contents={line.contents} /> : null}
          </div>
          <span className="line-item-total">{formatMoney(line.lineTotal, currency)}</span>
        </li>
      ))}
    </ul>
  );
}
