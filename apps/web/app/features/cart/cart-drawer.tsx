import { Link } from "react-router";
import { ModalDialog } from "~/components/modal-dialog";
import { CartLines } from "./cart-lines";
import { useCartStore } from "./cart-store";
import { CartSummary } from "./cart-summary";
import { NotMergedNotice } from "./not-merged-notice";

/**
 * The cart drawer: a modal dialog (focus is trapped and restored by the browser, Escape closes
 * it) that opens on every add, update or delete.
 */
export function CartDrawer({ guest }: { guest: boolean }) {
  const open = useCartStore((s) => s.drawerOpen);
  const cart = useCartStore((s) => s.cart);
  const error = useCartStore((s) => s.error);
  const setOpen = useCartStore((s) => s.setDrawerOpen);
  return (
    <ModalDialog
      isOpen={open}
      onClose={() => setOpen(false)}
      labelledBy="cart-drawer-title"
      className="drawer"
      // What opened it is gone (a line removed, a page left): the focus goes to the cart button.
      returnFocus={() => document.querySelector<HTMLElement>(".cart-button")}
    >
      <div className="drawer-panel">
        <header className="drawer-header">
          <h2 id="cart-drawer-title">Your cart</h2>
          <button
            type="button"
            className="icon-button"
            aria-label="Close cart"
            onClick={() => setOpen(false)}
          >
            ×
          </button>
        </header>
        {error ? (
          <p className="inline-error" role="alert">
            {error}
          </p>
        ) : null}
        <NotMergedNotice />
        {!cart || cart.cartItems.length === 0 ? (
          <div className="cart-empty">
            <p>Your cart is empty.</p>
            <Link className="button" to="/" onClick={() => setOpen(false)}>
              Continue shopping
            </Link>
          </div>
        ) : (
          <>
            <CartLines cart={cart} inDrawer guest={guest} />
            <CartSummary cart={cart} />
            <div className="cart-actions">
              <Link className="button" to="/checkout" onClick={() => setOpen(false)}>
                Checkout
              </Link>
              <Link className="button button-secondary" to="/cart" onClick={() => setOpen(false)}>
                View cart
              </Link>
            </div>
          </>
        )}
      </div>
    </ModalDialog>
  );
}

// The lazy import's (index.ts): the module's default is the component.
export default CartDrawer;
