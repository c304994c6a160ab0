import type { AdminProductDetail, Currency } from "@storefront/domain";
import { useId, useState } from "react";
import { Link } from "react-router";
import { ErrorAlert } from "~/components/error-alert";
import { BundleFields } from "./product-bundle-fields";
import { type Draft, draftOf } from "./product-draft";
import { ImageManager } from "./product-images";
import { ProductPlans } from "./product-plan-fields";
import { useProductSave } from "./product-save";
import { type CollectionChoice, ProductTagFields } from "./product-tag-fields";
import { ProductTextFields } from "./product-text-fields";
import { ProductVariants } from "./product-variant-fields";

/**
 * A product's editor: its text, tags, collections, variants, plans and images. A new product
 * (`product` null) is created on its first save and the page then becomes its editor.
 */
export function ProductEditor({
  product,
  collections,
  currencies,
}: {
  product: AdminProductDetail | null;
  collections: CollectionChoice[];
  /** The currencies the store sells in: each variant is priced in each. */
  currencies: readonly Currency[];
}) {
  const id = useId();
  const [draft, setDraft] = useState(() => draftOf(product));
  const { busy, outcome, problem, submit } = useProductSave({
    product,
    currencies,
    draft,
    setDraft,
  });
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));

  return (
    <>
      <p className="admin-back">
        <Link to="/admin/products">← Products</Link>
      </p>
      <div className="admin-heading">
        <h1>{product ? product.title : "New product"}</h1>
        {product?.published ? (
          <Link to={`/products/${product.handle}`}>View in the store</Link>
        ) : null}
      </div>
      <form
        onSubmit={submit}
        noValidate
        className="admin-discount-form"
        aria-labelledby={`${id}-h`}
      >
        <h2 id={`${id}-h`} className="visually-hidden">
          Product details
        </h2>
        <ProductTextFields draft={draft} saved={product !== null} onChange={set} />
        <ProductTagFields draft={draft} collections={collections} onChange={set} />
        <BundleFields
          bundle={draft.bundle}
          canChange={product === null}
          onChange={(bundle) => set({ bundle })}
        />
        <ProductVariants
          variants={draft.variants}
          bundle={draft.bundle !== null}
          currencies={currencies}
          onChange={(variants) => set({ variants })}
        />
        {draft.bundle ? null : (
          <ProductPlans plans={draft.plans} onChange={(plans) => set({ plans })} />
        )}
        <label className="admin-check">
          <input
            type="checkbox"
            checked={draft.published}
            onChange={(e) => set({ published: e.target.checked })}
          />{" "}
          Published: shoppers see it
        </label>
        <div className="admin-filter-actions">
          <button type="submit" className="admin-button admin-button-primary" disabled={busy}>
            {product ? "Save the product" : "Create the product"}
          </button>
        </div>
        <ErrorAlert className="admin-error" message={problem} />
        {outcome}
      </form>
      {product ? (
        <ImageManager productId={product.id} images={product.images} />
      ) : (
        <p className="admin-hint">Images can be added once the product is created.</p>
      )}
    </>
  );
}
