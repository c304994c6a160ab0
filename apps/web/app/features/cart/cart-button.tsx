import { useCartStore } from "./cart-store";
import { useCart } from "./use-cart";

/**
 * The header's cart button with the number of items as a badge; opens the drawer. An empty cart
 * shows no badge: its "0" is for screen readers only, so the button's name is still "Cart 0 items".
 */
export function CartButton() {
  const cart = useCart();
  const setOpen = useCartStore((s) => s.setDrawerOpen);
  const count = cart?.itemCount ?? 0;
  return (
    <button type="button" className="cart-button" onClick={() => setOpen(true)}>
      Cart{" "}
      <span
        className={count === 0 ? "cart-count visually-hidden" : "cart-count"}
        data-empty={count === 0 ? "" : undefined}
      >
        {count}
      </span>
      <span className="visually-hidden">{count === 1 ? " item" : " items"}</span>
    </button>
  );
}
