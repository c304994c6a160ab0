import type { AdminCollectionList, AdminCollectionProduct } from "@storefront/domain";
import { type FormEvent, useId, useState } from "react";
import * as api from "~/lib/api";
import { useSave } from "~/lib/use-save";

type Collection = AdminCollectionList["collections"][number];

/** One collection: its products in order, each moved up or down or removed; more added; saved. */
function CollectionCard({
  collection,
  all,
}: {
  collection: Collection;
  all: AdminCollectionProduct[];
}) {
  const id = useId();
  const [items, setItems] = useState(collection.products);
  // Read again (after this save, or another admin's): the list starts from what is stored.
  const stored = collection.products.map((p) => `${p.id}:${p.published}`).join(",");
  const [seen, setSeen] = useState(stored);
  if (seen !== stored) {
    setSeen(stored);
    setItems(collection.products);
  }
  const [adding, setAdding] = useState("");
  const { busy, run, outcome } = useSave();
  const addable = all.filter((p) => !items.some((item) => item.id === p.id));

  function move(from: number, to: number) {
    const next = [...items];
    const [item] = next.splice(from, 1);
    if (item) next.splice(to, 0, item);
    setItems(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void run(
      () =>
        api.adminCatalog.setCollectionProducts(
          { productIds: items.map((p) => p.id) },
          { params: { id: collection.id } },
        ),
      `${collection.title} is saved: shoppers see this order now.`,
    );
  }

  return (
    <section className="admin-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        {collection.title}{" "}
        <span className="admin-hint-inline">/collections/{collection.handle}</span>
      </h2>
      <form onSubmit={submit} noValidate>
        {items.length === 0 ? <p>No products yet.</p> : null}
        <ol className="admin-ordered-list">
          {items.map((product, i) => (
            <li key={product.id} className="admin-ordered-item">
              <span className="admin-ordered-title">
                {product.title}
                {product.published ? null : <span className="admin-hint-inline"> (hidden)</span>}
              </span>
              <span className="admin-ordered-actions">
                <button
                  type="button"
                  className="admin-button"
                  disabled={i === 0}
                  aria-label={`Move ${product.title} up`}
                  onClick={() => move(i, i - 1)}
                >
                  Up
                </button>
                <button
                  type="button"
                  className="admin-button"
                  disabled={i === items.length - 1}
                  aria-label={`Move ${product.title} down`}
                  onClick={() => move(i, i + 1)}
                >
                  Down
                </button>
                <button
                  type="button"
                  className="admin-button"
                  aria-label={`Remove ${product.title}`}
                  onClick={() => setItems(items.filter((p) => p.id !== product.id))}
                >
                  Remove
                </button>
              </span>
            </li>
          ))}
        </ol>
        {addable.length > 0 ? (
          <div className="admin-field-row">
            <div className="admin-field admin-field-wide">
              <label htmlFor={`${id}-add`}>Add a product</label>
              <select id={`${id}-add`} value={adding} onChange={(e) => setAdding(e.target.value)}>
                <option value="">Choose a product</option>
                {addable.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.title}
                    {p.published ? "" : " (hidden)"}
                  </option>
                ))}
              </select>
            </div>
            <div className="admin-filter-actions">
              <button
                type="button"
                className="admin-button"
                disabled={!adding}
                onClick={() => {
                  const product = all.find((p) => p.id === adding);
                  if (product) setItems([...items, product]);
                  setAdding("");
                }}
              >
                Add to the end
              </button>
            </div>
          </div>
        ) : null}
        <div className="admin-filter-actions">
          <button type="submit" className="admin-button admin-button-primary" disabled={busy}>
            Save {collection.title}
          </button>
        </div>
        {outcome}
      </form>
    </section>
  );
}

/** The store's collections: which products each shows, in which order. */
export function CollectionEditor({ list }: { list: AdminCollectionList }) {
  return (
    <>
      <div className="admin-heading">
        <h1>Collections</h1>
      </div>
      {list.collections.length === 0 ? <p>The store has no collections.</p> : null}
      <div className="admin-stack">
        {list.collections.map((collection) => (
          <CollectionCard key={collection.id} collection={collection} all={list.products} />
        ))}
      </div>
    </>
  );
}
