import { Link } from "react-router";
import { CartLines, CartSummary, NotMergedNotice, useCart, useCartStore } from "~/features/cart";
import { pageMeta, privatePageHeaders, rootDataOf } from "~/lib/seo";
import type { Route } from "./+types/cart";

// The page shows one visitor's own cart, account or checkout.
export const headers = privatePageHeaders;

export function meta({ matches }: Route.MetaArgs) {
  const root = rootDataOf(matches);
  return [
    ...pageMeta({
      title: "Your cart",
      description: "The items in your cart, your discount code and your total.",
      canonical: `${root?.origin ?? ""}/cart`,
      store: root?.store,
    }),
    { name: "robots", content: "noindex" },
  ];
}

export default function CartPage() {
  const cart = useCart();
  const error = useCartStore((s) => s.error);
  const clear = useCartStore((s) => s.clear);
  return (
    <div className="container cart-page">
      <h1 className="page-title">Your cart</h1>
      {error ? (
        <p className="inline-error" role="alert">
          {error}
        </p>
      ) : null}
      <NotMergedNotice />
      {!cart || cart.cartItems.length === 0 ? (
        <div className="cart-empty">
          <p>Your cart is empty.</p>
          <Link className="button" to="/">
            Continue shopping
          </Link>
        </div>
      ) : (
        <div className="cart-page-grid">
          <div>
            <CartLines cart={cart} inDrawer={false} />
            <button type="button" className="link-button" onClick={() => void clear()}>
              Empty cart
            </button>
          </div>
          <div>
            <CartSummary cart={cart} />
            <div className="cart-actions">
              <Link className="button" to="/checkout">
                Checkout
              </Link>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
