import {
  ADMIN_CATALOG_LIMITS,
  type AdminProduct,
  type AdminProductList,
  type AdminVariant,
  attributeLabel,
  CURRENCIES,
  type Currency,
  minorUnitsOf,
  toDecimalString,
} from "@storefront/domain";
import { type FormEvent, useId, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { ErrorAlert } from "~/components/error-alert";
import * as api from "~/lib/api";
import { countOf, ListFilters, ListScreen, pageCount, SearchField } from "./list-screen";
import { PriceFields } from "./price-fields";

/** One variant's prices and stock, saved together; the stock only if it is still what was read. */
function VariantEditor({
  variant,
  onSaved,
}: {
  variant: AdminVariant;
  /** Said in the product's status line: this editor is made anew with the saved values. */
  onSaved: (message: string) => void;
}) {
  const id = useId();
  const revalidator = useRevalidator();
  const priceOf = (currency: Currency) => variant.prices.find((p) => p.currency === currency);
  const savedPrices = () =>
    Object.fromEntries(
      CURRENCIES.map((c) => {
        const price = priceOf(c);
        return [c, price ? toDecimalString(price.amount) : ""];
      }),
    );
  const [prices, setPrices] = useState<Record<string, string>>(savedPrices);
  const [stock, setStock] = useState(String(variant.stock));
  // When the page reads the variant again (a save, or a 409 with the stock now), the fields show
  // what changed; what the admin typed elsewhere, and the message, stay.
  const priceText = variant.prices.map((p) => `${p.currency}:${p.amount}`).join();
  const [seen, setSeen] = useState({ stock: variant.stock, prices: priceText });
  if (seen.stock !== variant.stock || seen.prices !== priceText) {
    if (seen.stock !== variant.stock) setStock(String(variant.stock));
    if (seen.prices !== priceText) setPrices(savedPrices());
    setSeen({ stock: variant.stock, prices: priceText });
  }
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const editsStock = variant.requiresShipping && !variant.bundle;
  const options = Object.entries(variant.attributes)
    .map(([name, value]) => `${attributeLabel(name)}: ${value}`)
    .join(", ");

  async function save(event: FormEvent) {
    event.preventDefault();
    setError(null);
    onSaved("");
    const changed: { currency: Currency; amount: number }[] = [];
    for (const currency of CURRENCIES) {
      const text = (prices[currency] ?? "").trim();
      if (text === "") continue;
      const amount = minorUnitsOf(text);
      if (amount === null) {
        setError(`The ${currency.toUpperCase()} price must be an amount like 39.95`);
        return;
      }
      if (amount !== priceOf(currency)?.amount) changed.push({ currency, amount });
    }
    const typed = stock.trim();
    const newStock = /^\d{1,7}$/.test(typed) ? Number(typed) : Number.NaN;
    const stockChanged = editsStock && newStock !== variant.stock;
    if (stockChanged && Number.isNaN(newStock)) {
      setError("Stock must be a whole number, 0 or more");
      return;
    }
    if (changed.length === 0 && !stockChanged) {
      onSaved("Nothing changed.");
      return;
    }
    setBusy(true);
    try {
      await api.adminCatalog.updateVariant(
        {
          ...(changed.length > 0 ? { prices: changed } : {}),
          ...(stockChanged ? { stock: { expected: variant.stock, value: newStock } } : {}),
        },
        { params: { id: variant.id } },
      );
      onSaved(`${variant.sku} saved.`);
      await revalidator.revalidate();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      await revalidator.revalidate();
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="admin-variant"
      onSubmit={save}
      noValidate
      aria-label={`Variant ${variant.sku}`}
    >
      <p className="admin-variant-name">
        <span className="admin-code">{variant.sku}</span>
        {options ? <span className="admin-line-sku">{options}</span> : null}
        {variant.stock <= ADMIN_CATALOG_LIMITS.lowStock && editsStock ? (
          <span className="admin-status" data-status="awaiting_payment">
            Low stock
          </span>
        ) : null}
      </p>
      <PriceFields
        id={id}
        currencies={CURRENCIES}
        prices={prices}
        onChange={(currency, value) => setPrices({ ...prices, [currency]: value })}
      />
      <div className="admin-field">
        <label htmlFor={`${id}-stock`}>Stock</label>
        {editsStock ? (
          <input
            id={`${id}-stock`}
            inputMode="numeric"
            size={6}
            value={stock}
            onChange={(e) => setStock(e.target.value)}
          />
        ) : (
          <span id={`${id}-stock`}>{variant.bundle ? "Its contents'" : "Not shipped"}</span>
        )}
      </div>
      <button type="submit" className="admin-button" disabled={busy}>
        Save {variant.sku}
      </button>
      <ErrorAlert className="admin-error" message={error} />
    </form>
  );
}

function ProductCard({ product }: { product: AdminProduct }) {
  const id = useId();
  const revalidator = useRevalidator();
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState("");
  async function toggle() {
    setError(null);
    try {
      await api.adminCatalog.setPublished(
        { published: !product.published },
        { params: { id: product.id } },
      );
      await revalidator.revalidate();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  }
  return (
    <article
      className="admin-card"
      aria-labelledby={`${id}-title`}
      data-hidden={!product.published}
    >
      <header className="admin-review-head">
        <h2 id={`${id}-title`}>
          {product.published ? (
            <Link to={`/products/${product.handle}`}>{product.title}</Link>
          ) : (
            product.title
          )}
        </h2>
        <span>
          {product.published ? null : <span className="admin-status">Hidden</span>}{" "}
          <Link to={`/admin/products/${product.id}`} className="admin-button">
            Edit <span className="visually-hidden">{product.title}</span>
          </Link>{" "}
          <button type="button" className="admin-button" onClick={toggle}>
            {product.published ? "Hide from the store" : "Publish"}
          </button>
        </span>
      </header>
      <ErrorAlert className="admin-error" message={error} />
      {product.variants.map((variant) => (
        <VariantEditor key={variant.id} variant={variant} onSaved={setSaved} />
      ))}
      <p className="admin-done" role="status">
        {saved}
      </p>
    </article>
  );
}

/** The store's products with their variants' prices and stock, to change in place. */
export function ProductList({ list, params }: { list: AdminProductList; params: URLSearchParams }) {
  return (
    <ListScreen
      title="Products"
      actions={
        <Link to="/admin/products/new" className="admin-button admin-button-primary">
          New product
        </Link>
      }
      top={
        <ListFilters label="Find products" role="search" params={params} clearTo="/admin/products">
          <SearchField id="products-q" params={params} placeholder="Title, handle or SKU" />
          <label className="admin-check">
            <input
              type="checkbox"
              name="lowStock"
              value="1"
              defaultChecked={params.get("lowStock") === "1"}
            />{" "}
            Only low stock ({ADMIN_CATALOG_LIMITS.lowStock} or fewer)
          </label>
        </ListFilters>
      }
      count={list.total === 0 ? "No products match." : countOf(list.total, "product", "products")}
      stack
      pager={{ page: list.page, pages: pageCount(list.total, list.perPage), params }}
    >
      {list.products.map((product) => (
        <ProductCard key={product.id} product={product} />
      ))}
    </ListScreen>
  );
}
