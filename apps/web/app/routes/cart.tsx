import type { CartView } from "@storefront/domain";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { ErrorAlert } from "~/components/error-alert";
import { useAccountUser } from "~/features/account";
import {
  CartLines,
  CartSummary,
  NotMergedNotice,
  replaceCart,
  useCart,
  useCartStore,
} from "~/features/cart";
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
  const user = useAccountUser();
  const error = useCartStore((s) => s.error);
  const clear = useCartStore((s) => s.clear);
  // What "Empty cart" took out, until Undo puts it back or the shopper adds something else.
  const [emptied, setEmptied] = useState<CartView["cartItems"] | null>(null);
  const isEmpty = !cart || cart.cartItems.length === 0;
  const undoRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // The Empty cart button is gone: the focus goes to Undo; once the cart fills again, the
    // offer ends.
    if (emptied && isEmpty) undoRef.current?.focus();
    if (!isEmpty) setEmptied(null);
  }, [emptied, isEmpty]);
  return (
    <div className="container cart-page">
      <h1 className="page-title">Your cart</h1>
      <ErrorAlert className="inline-error" message={error} />
      <NotMergedNotice />
      {isEmpty ? (
        <div className="cart-empty">
          {emptied ? (
            <p role="status" className="cart-emptied">
              Your cart was emptied.{" "}
              <button
                ref={undoRef}
                type="button"
                className="link-button"
                onClick={async () => {
                  const outcome = await replaceCart(emptied);
                  if (outcome.ok) setEmptied(null);
                }}
              >
                Undo
              </button>
            </p>
          ) : (
            <p>Your cart is empty.</p>
          )}
          <Link className="button" to="/">
            Continue shopping
          </Link>
        </div>
      ) : (
        <div className="cart-page-grid">
          <div>
            <CartLines cart={cart} inDrawer={false} guest={user === null} />
            <button
              type="button"
              className="link-button"
              onClick={async () => {
                const lines = cart.cartItems;
                const outcome = await clear();
                if (outcome.ok) setEmptied(lines);
              }}
            >
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
