import {
  attributeLabel,
  type CartView,
  formatMoney,
  MAX_LINE_QUANTITY,
  optionLabel,
} from "@storefront/domain";
import { Link } from "react-router";
import { QuantityStepper } from "~/components/quantity-stepper";
import { ResponsiveImage } from "~/components/responsive-image";
import { useCartStore } from "./cart-store";

/** The cart's lines with image, variant, unit price, a quantity stepper and remove. */
export function CartLines({ cart, inDrawer }: { cart: CartView; inDrawer: boolean }) {
  const update = useCartStore((s) => s.update);
  const remove = useCartStore((s) => s.remove);
  return (
    <ul className="cart-lines">
      {cart.cartItems.map((line) => (
        <li key={line.sku} className="cart-line">
          {line.image_url ? (
            <ResponsiveImage
              src={line.image_url}
              alt=""
              width={80}
              height={80}
              className="cart-line-image"
            />
          ) : null}
          <div className="cart-line-body">
            <Link to={`/products/${line.handle}`} className="cart-line-title">
              {line.title}
            </Link>
            <p className="cart-line-variant">
              {Object.entries(line.attributes)
                .map(([name, value]) => `${attributeLabel(name)}: ${optionLabel(name, value)}`)
                .join(" · ")}
            </p>
            <p className="cart-line-price">{formatMoney(line.product_price, cart.currency)} each</p>
            <div className="cart-line-actions">
              <QuantityStepper
                label={`Quantity of ${line.title}`}
                value={line.quantity}
                max={Math.min(MAX_LINE_QUANTITY, Math.max(line.total_stock, line.quantity))}
                onChange={(q) => void update(line.sku, q, inDrawer)}
              />
              <button
                type="button"
                className="link-button"
                onClick={() => void remove(line.sku, inDrawer)}
              >
                Remove<span className="visually-hidden"> {line.title}</span>
              </button>
            </div>
          </div>
          <p className="cart-line-total">{formatMoney(line.line_total, cart.currency)}</p>
        </li>
      ))}
    </ul>
  );
}
