// Its styles come with it: a feature index has no side effects, so an import there is dropped.
import "./checkout.css";
import { type StoreInfo, subscriptionNeedsAccount } from "@storefront/domain";
import { Link } from "react-router";
import { useAccountUser } from "~/features/account";
import { useCart } from "~/features/cart";
import { AccountStep } from "./account-step";
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
  return (
    <CheckoutProvider
      cart={cart}
      email={user?.email ?? ""}
      name={user ? `${user.first_name} ${user.last_name}`.trim() : ""}
      // Loyalty points do not apply to trade prices: a trade account is not offered them.
      pointsBalance={user && user.userType !== "wholesale" ? user.points_balance : 0}
      store={checkoutStore}
    >
      <div className="checkout-grid">
        <OrderSummary cart={cart} />
        {/* A subscription is kept on an account: a guest signs in or creates one here first (the
            server refuses otherwise), or buys once instead. */}
        {subscriptionNeedsAccount(cart.cartItems, user !== null) ? (
          <AccountStep cart={cart} />
        ) : (
          <CheckoutForm cart={cart} storeInfo={storeInfo} />
        )}
      </div>
    </CheckoutProvider>
  );
}
