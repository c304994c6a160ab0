import {
  type CartView,
  formatMoney,
  lineKey,
  MAX_LINE_QUANTITY,
  stockLeftFor,
} from "@storefront/domain";
import { Link } from "react-router";
import { BundleContents, contentsText } from "~/components/bundle-contents";
import { LineImage, variantText } from "~/components/line-items";
import { PlanLabel } from "~/components/plan-label";
import { QuantityStepper } from "~/components/quantity-stepper";
import { useCartStore } from "./cart-store";

/**
 * The cart's lines with image, variant, the plan of a subscription line, a bundle line's
 * contents, unit price, a quantity stepper and remove. A bundle line's changes name it by its
 * selection (the line carries its skus_selected to the cart's calls).
 */
export function CartLines({
  cart,
  inDrawer,
  guest,
}: {
  cart: CartView;
  inDrawer: boolean;
  /** Nobody is signed in: a subscription line says, before checkout, that it needs an account. */
  guest: boolean;
}) {
  const update = useCartStore((s) => s.update);
  const remove = useCartStore((s) => s.remove);
  return (
    <ul className="cart-lines">
      {cart.cartItems.map((line) => {
        // Two lines of one product (once and on a plan, or one bundle filled two ways) need names
        // of their own.
        const lineName = line.subscription
          ? `${line.title}, ${line.subscription.label}`
          : line.contents
            ? `${line.title}, ${contentsText(line.contents)}`
            : line.title;
        const options = variantText(line.attributes);
        return (
          <li key={lineKey(line)} className="cart-line">
            <LineImage src={line.image_url} size={80} className="cart-line-image" />
            <div className="cart-line-body">
              <Link to={`/products/${line.handle}`} className="cart-line-title">
                {line.title}
              </Link>
              {/* A bundle line shows its contents rather than a variant of its own. */}
              {options || !line.contents ? <p className="cart-line-variant">{options}</p> : null}
              {line.contents ? <BundleContents contents={line.contents} /> : null}
              {line.subscription ? <PlanLabel plan={line.subscription} /> : null}
              {line.subscription && guest ? (
                <p className="cart-note">
                  A subscription is kept on an account: you can sign in or create one at checkout.
                </p>
              ) : null}
              <p className="cart-line-price">
                {formatMoney(line.product_price, cart.currency)} each
              </p>
              <div className="cart-line-actions">
                {line.requires_shipping ? (
                  <QuantityStepper
                    label={`Quantity of ${lineName}`}
                    value={line.quantity}
                    max={Math.min(
                      MAX_LINE_QUANTITY,
                      // The variant's stock is shared with its other lines (plain or on a plan);
                      // a bundle line's total_stock already counts the other lines.
                      Math.max(stockLeftFor(cart.cartItems, line, line.total_stock), line.quantity),
                    )}
                    onChange={(q) => void update(line, q, inDrawer)}
                  />
                ) : (
                  // Never shipped (a digital plan, a service): sold one at a time.
                  <span className="cart-line-quantity">Qty {line.quantity}</span>
                )}
                <button
                  type="button"
                  className="link-button"
                  onClick={() => void remove(line, inDrawer)}
                >
                  Remove<span className="visually-hidden"> {lineName}</span>
                </button>
              </div>
            </div>
            <p className="cart-line-total">{formatMoney(line.line_total, cart.currency)}</p>
          </li>
        );
      })}
    </ul>
  );
}
