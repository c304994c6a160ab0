import {
  defaultSelection,
  formatMoney,
  matchVariant,
  type Product,
  type ProductCard,
} from "@storefront/domain";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { DialogClose, ModalDialog } from "~/components/modal-dialog";
import { AddToCart, BundlePicker } from "~/features/cart";
import { Price, VariantPicker } from "~/features/catalog";
import * as api from "~/lib/api";
import { ApiError } from "~/lib/api-client";
import { Carousel } from "./carousel";
import { useQuickView } from "./quick-view-store";

type Load =
  | { state: "loading" }
  | { state: "error"; message: string }
  | { state: "ready"; product: Product };

function QuickViewBody({
  product,
  onClose,
  onPriceChanged,
}: {
  product: Product;
  onClose(): void;
  onPriceChanged(): void;
}) {
  // On open the first option of each attribute is preselected and its variant chosen.
  const [selection, setSelection] = useState(() => defaultSelection(product.variant_list));
  // A bundle's one variant is the bundle itself; its shopper fills the slots instead.
  const variant = product.bundle ? product.variants[0] : matchVariant(product.variants, selection);
  return (
    <div className="quick-view-body">
      <Carousel images={product.product_urls} title={product.product_title} />
      <div className="quick-view-info">
        <h2 id="quick-view-title">{product.product_title}</h2>
        <p className="product-price">
          {formatMoney(variant?.product_price ?? product.product_price, product.currency)}
        </p>
        {product.bundle ? (
          <BundlePicker
            product={product}
            bundle={product.bundle}
            onAdded={onClose}
            onPriceChanged={onPriceChanged}
          />
        ) : (
          <>
            <VariantPicker
              variantList={product.variant_list}
              selection={selection}
              onChange={(name, value) => setSelection((s) => ({ ...s, [name]: value }))}
            />
            <AddToCart
              variant={variant}
              product={product}
              onAdded={onClose}
              onPriceChanged={onPriceChanged}
            />
          </>
        )}
        <Link className="more-details" to={`/products/${product.handle}`} onClick={onClose}>
          More details
        </Link>
      </div>
    </div>
  );
}

/**
 * What the popup shows while the product loads: the card it was opened from (image, title and
 * price), the options' place held, and a busy Add to cart.
 */
function QuickViewPreview({ card }: { card: ProductCard }) {
  return (
    <div className="quick-view-body" aria-busy="true">
      <div className="carousel">
        {card.image_url ? (
          <img className="carousel-image" src={card.image_url} alt={card.image_alt} />
        ) : null}
      </div>
      <div className="quick-view-info">
        <h2 id="quick-view-title">{card.product_title}</h2>
        <p className="product-price">
          <Price amount={card.product_price} currency={card.currency} />
        </p>
        <p className="quick-view-pending" role="status">
          Loading the options…
        </p>
        <div className="add-to-cart">
          <button type="button" className="button add-to-cart-button" disabled>
            Add to cart
          </button>
        </div>
      </div>
    </div>
  );
}

/**
 * The quick-view popup: a modal dialog with an accessible name; the browser traps focus, Escape
 * closes it and focus returns to the button that opened it.
 */
export function QuickViewDialog() {
  const { isOpen, selectedProduct: card, close } = useQuickView();
  const selectedProduct = card?.handle ?? null;
  const [load, setLoad] = useState<Load>({ state: "loading" });

  // Another page closes it (its More details link, the browser's Back): a modal left open would
  // leave the new page inert.
  const { pathname } = useLocation();
  const shownAt = useRef(pathname);
  useEffect(() => {
    if (shownAt.current !== pathname) close();
    shownAt.current = pathname;
  }, [pathname, close]);

  useEffect(() => {
    if (!isOpen || !selectedProduct) return;
    let cancelled = false;
    setLoad({ state: "loading" });
    api.catalog
      .product({ params: { handle: selectedProduct } })
      .then((product) => !cancelled && setLoad({ state: "ready", product }))
      .catch((error: unknown) => {
        if (cancelled) return;
        setLoad({
          state: "error",
          message: error instanceof ApiError ? error.message : "Could not load this product.",
        });
      });
    return () => {
      cancelled = true;
    };
  }, [isOpen, selectedProduct]);

  return (
    <ModalDialog
      isOpen={isOpen}
      onClose={close}
      labelledBy="quick-view-title"
      className="quick-view"
    >
      <div className="quick-view-panel">
        <DialogClose onClick={close} />
        {load.state === "ready" ? (
          <QuickViewBody
            key={load.product.id}
            product={load.product}
            onClose={close}
            onPriceChanged={() => {
              // Read again in place: the body (and its notice) stays while the prices update.
              if (!selectedProduct) return;
              api.catalog.product({ params: { handle: selectedProduct } }).then(
                (product) => setLoad({ state: "ready", product }),
                () => undefined /* the notice already names the price the cart charges */,
              );
            }}
          />
        ) : load.state === "loading" && card ? (
          <QuickViewPreview card={card} />
        ) : (
          <p
            id="quick-view-title"
            className="page-state"
            role={load.state === "error" ? "alert" : undefined}
          >
            {load.state === "loading" ? "Loading…" : `Error: ${load.message}`}
          </p>
        )}
      </div>
    </ModalDialog>
  );
}

// The lazy import's (index.ts): the module's default is the component.
export default QuickViewDialog;
