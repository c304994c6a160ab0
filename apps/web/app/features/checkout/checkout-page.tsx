import {
  type StoreInfo,
  SUBSCRIPTION_MESSAGES,
  subscriptionNeedsAccount,
} from "@storefront/domain";
import { Link } from "react-router";
import { useAccountUser } from "~/features/account";
import { useCart } from "~/features/cart";
import { CheckoutProvider } from "./checkout-context";
import { CheckoutForm } from "./checkout-form";
import type { CheckoutStore } from "./checkout-store";
import { OrderSummary } from "./order-summary";

/** /checkout: the order summary beside the form, or a way back to the shop when the cart is empty. */
export function CheckoutPage({
  storeInfo,
  checkoutStore,
}: {
  storeInfo: StoreInfo;
  /** A checkout made by the caller (tests); else the tab's own. */
  checkoutStore?: CheckoutStore;
}) {
  const cart = useCart();
  const user = useAccountUser();
  if (!cart || cart.cartItems.length === 0) {
    return (
      <div className="cart-empty checkout-empty">
        <p>Your cart is empty, so there is nothing to check out yet.</p>
        <Link className="button" to="/">
          Continue shopping
        </Link>
      </div>
    );
  }
  // A subscription is kept on an account: a guest signs in first (the server refuses otherwise).
  if (subscriptionNeedsAccount(cart.cartItems, user !== null)) {
    return (
      <div className="cart-empty checkout-sign-in">
        <p>{SUBSCRIPTION_MESSAGES.signInToCheckout}</p>
        <Link className="button" to="/account/sign-in?next=/checkout">
          Sign in to check out
        </Link>
      </div>
    );
  }
  return (
    <CheckoutProvider
      cart={cart}
      email={user?.email ?? ""}
      name={user ? `${user.first_name} ${user.last_name}`.trim() : ""}
      store={checkoutStore}
    >
      <div className="checkout-grid">
        <OrderSummary cart={cart} />
        <CheckoutForm cart={cart} storeInfo={storeInfo} />
      </div>
    </CheckoutProvider>
  );
}
