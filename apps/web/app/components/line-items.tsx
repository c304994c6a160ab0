import {
  attributeLabel,
  type Currency,
  formatMoney,
  lineKey,
  optionLabel,
  type SubscriptionPlan,
} from "@storefront/domain";
import { Link } from "react-router";
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
}

/**
 * Read-only lines of a cart or an order: image, title, variant, quantity, a subscription line's
 * plan and line total.
 */
export function LineItems({ lines, currency }: { lines: LineItem[]; currency: Currency }) {
  return (
    <ul className="line-items">
      {lines.map((line) => (
        <li key={lineKey(line)} className="line-item">
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
            {line.subscription ? <PlanLabel plan={line.subscription} as="span" /> : null}
          </span>
          <span className="line-item-total">{formatMoney(line.lineTotal, currency)}</span>
        </li>
      ))}
    </ul>
  );
}
