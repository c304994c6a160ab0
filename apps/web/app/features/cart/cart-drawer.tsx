import { Link } from "react-router";
import { useModalDialog } from "~/components/use-modal-dialog";
import { CartLines } from "./cart-lines";
import { useCartStore } from "./cart-store";
import { CartSummary } from "./cart-summary";
import { NotMergedNotice } from "./not-merged-notice";

/**
 * The cart drawer: a modal dialog (focus is trapped and restored by the browser, Escape closes
 * it) that opens on every add, update or delete.
 */
export function CartDrawer() {
  const open = useCartStore((s) => s.drawerOpen);
  const cart = useCartStore((s) => s.cart);
  const error = useCartStore((s) => s.error);
  const setOpen = useCartStore((s) => s.setDrawerOpen);
  const ref = useModalDialog(open);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click closes on the backdrop only; keyboard users have Escape and the close button.
    <dialog
      ref={ref}
      className="drawer"
      aria-labelledby="cart-drawer-title"
      onClose={() => setOpen(false)}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself) closes the drawer.
        if (e.target === e.currentTarget) setOpen(false);
      }}
    >
      {/* The drawer's content exists only while it is open: nothing hidden to render on every page. */}
      {open ? (
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
              <CartLines cart={cart} inDrawer />
              <CartSummary cart={cart} />
              <Link className="button drawer-cart-link" to="/cart" onClick={() => setOpen(false)}>
                View cart
              </Link>
            </>
          )}
        </div>
      ) : null}
    </dialog>
  );
}
