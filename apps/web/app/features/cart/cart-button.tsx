import { useCartStore } from "./cart-store";
import { useCart } from "./use-cart";

/** The header's cart button with the number of items; opens the drawer. */
export function CartButton() {
  const cart = useCart();
  const setOpen = useCartStore((s) => s.setDrawerOpen);
  const count = cart?.itemCount ?? 0;
  return (
    <button type="button" className="cart-button" onClick={() => setOpen(true)}>
      Cart{" "}
      <span className="cart-count" data-empty={count === 0 ? "" : undefined}>
        {count}
      </span>
      <span className="visually-hidden">{count === 1 ? " item" : " items"}</span>
    </button>
  );
}
