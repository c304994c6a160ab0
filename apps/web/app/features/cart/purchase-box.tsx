import { LOW_STOCK_THRESHOLD, type Product, type Variant } from "@storefront/domain";
import { useEffect, useState } from "react";
import { VariantPicker } from "~/features/catalog";
import { AddToCart } from "./add-to-cart";
import { BundlePicker } from "./bundle-picker";

function StockNote({ variant }: { variant: Variant | undefined }) {
  if (!variant) return <p className="stock stock-out">This combination is not available</p>;
  // What is never shipped (a digital plan, a service) has no stock to speak of.
  if (!variant.requires_shipping) return null;
  // The add-to-cart button itself reads 'Out of Stock'.
  if (variant.total_stock <= 0) return null;
  if (variant.total_stock < LOW_STOCK_THRESHOLD) {
    return <p className="stock stock-low">Only {variant.total_stock} left in stock</p>;
  }
  return <p className="stock stock-in">In stock</p>;
}

/**
 * The product page's purchase box: the variant's pickers, its stock and Add to cart, or a
 * bundle's slot pickers. Its code loads apart from the page's (the server renders it with the
 * page, so the first paint has it): `data-ready` says it now answers.
 */
export default function PurchaseBox({
  product,
  variant,
  selection,
  onChoose,
  onPriceChanged,
}: {
  product: Product;
  /** The variant the selection names (a bundle's: the bundle itself). */
  variant: Variant | undefined;
  selection: Record<string, string>;
  onChoose(attribute: string, value: string): void;
  onPriceChanged(): void;
}) {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return (
    <div className="purchase-box" data-lazy="" data-ready={ready ? "" : undefined}>
      {product.bundle ? (
        // Keyed: another bundle's page (the same route) starts with its own empty slots.
        <BundlePicker
          key={product.handle}
          product={product}
          bundle={product.bundle}
          onPriceChanged={onPriceChanged}
        />
      ) : (
        <>
          <VariantPicker
            variantList={product.variant_list}
            selection={selection}
            onChange={onChoose}
          />
          <StockNote variant={variant} />
          <AddToCart
            variant={variant}
            product={product}
            onPriceChanged={onPriceChanged}
            buyBar={product.product_title}
          />
        </>
      )}
    </div>
  );
}
