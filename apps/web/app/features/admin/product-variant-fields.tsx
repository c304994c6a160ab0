import type { Currency } from "@storefront/domain";
import { useId } from "react";
import { PriceFields } from "./price-fields";
import { emptyVariant, type VariantDraft } from "./product-draft";

/** One variant's row: SKU, options, a price in each currency, stock, shipping and Remove. */
export function VariantFields({
  variant,
  currencies,
  onChange,
  onRemove,
}: {
  variant: VariantDraft;
  /** The currencies the store sells in: a price for each. */
  currencies: readonly Currency[];
  onChange: (next: VariantDraft) => void;
  onRemove: (() => void) | null;
}) {
  const id = useId();
  const name = variant.sku.trim() || "new variant";
  return (
    <fieldset className="admin-fieldset">
      <legend>Variant {name}</legend>
      <div className="admin-field-row">
        <div className="admin-field">
          <label htmlFor={`${id}-sku`}>SKU</label>
          <input
            id={`${id}-sku`}
            value={variant.sku}
            size={12}
            onChange={(e) => onChange({ ...variant, sku: e.target.value })}
          />
        </div>
        <div className="admin-field admin-field-wide">
          <label htmlFor={`${id}-options`}>Options</label>
          <input
            id={`${id}-options`}
            value={variant.options}
            placeholder="Size: 30 chews"
            onChange={(e) => onChange({ ...variant, options: e.target.value })}
          />
        </div>
        <PriceFields
          id={id}
          currencies={currencies}
          prices={variant.prices}
          onChange={(currency, value) =>
            onChange({ ...variant, prices: { ...variant.prices, [currency]: value } })
          }
        />
        <div className="admin-field">
          <label htmlFor={`${id}-stock`}>Stock</label>
          <input
            id={`${id}-stock`}
            inputMode="numeric"
            size={6}
            value={variant.stock}
            onChange={(e) => onChange({ ...variant, stock: e.target.value })}
          />
        </div>
        <label className="admin-check">
          <input
            type="checkbox"
            checked={variant.requiresShipping}
            onChange={(e) => onChange({ ...variant, requiresShipping: e.target.checked })}
          />{" "}
          Ships
        </label>
        {onRemove ? (
          <button type="button" className="admin-button" onClick={onRemove}>
            Remove {name}
          </button>
        ) : null}
      </div>
    </fieldset>
  );
}

/**
 * The product's variants, each priced in each of the store's currencies, and Add a variant; a
 * bundle has one, itself, and no more can be added.
 */
export function ProductVariants({
  variants,
  bundle,
  currencies,
  onChange,
}: {
  variants: VariantDraft[];
  bundle: boolean;
  currencies: readonly Currency[];
  onChange: (variants: VariantDraft[]) => void;
}) {
  return (
    <>
      <h2>{bundle ? "The bundle's SKU, price and stock" : "Variants"}</h2>
      {(bundle ? variants.slice(0, 1) : variants).map((variant, i) => (
        <VariantFields
          key={variant.key}
          variant={variant}
          currencies={currencies}
          onChange={(next) => onChange(variants.map((v, j) => (j === i ? next : v)))}
          onRemove={
            variants.length > 1 && !bundle
              ? () => onChange(variants.filter((_, j) => j !== i))
              : null
          }
        />
      ))}
      {bundle ? null : (
        <p>
          <button
            type="button"
            className="admin-button"
            onClick={() => onChange([...variants, emptyVariant()])}
          >
            Add a variant
          </button>
        </p>
      )}
    </>
  );
}
