import {
  type AdminProductDetail,
  type AdminProductImage,
  BUNDLE_MAX_SLOTS,
  BUNDLE_MIN_SLOTS,
  CURRENCIES,
  type Currency,
  minorUnitsOf,
  type PlanInput,
  PRODUCT_EDIT_LIMITS,
  PRODUCT_EDIT_MESSAGES,
  PRODUCT_IMAGE_TYPES,
  type ProductInput,
  type ProductTag,
  toDecimalString,
} from "@storefront/domain";
import { type FormEvent, useId, useState } from "react";
import { Link, useNavigate } from "react-router";
import { ApiError, apiRequest } from "~/lib/api-client";
import { useSave } from "~/lib/use-save";

/** A collection the product may be in. */
export interface CollectionChoice {
  id: string;
  title: string;
}

interface VariantDraft {
  key: string;
  id?: string;
  sku: string;
  /** "Size: 30 chews; Flavour: Chicken", as typed. */
  options: string;
  prices: Record<Currency, string>;
  stock: string;
  /** The stock as it was read: saved only if it is still that (else the server says 409). */
  savedStock?: number;
  requiresShipping: boolean;
}

interface PlanDraft extends Omit<PlanInput, "intervalCount" | "discountPercentage"> {
  key: string;
  intervalCount: string;
  discountPercentage: string;
}

interface Draft {
  title: string;
  handle: string;
  descriptionHtml: string;
  metaDescription: string;
  /** Tags as typed: "pet: Dogs, Cats" and "condition: Anxiety". */
  pets: string;
  conditions: string;
  collectionIds: string[];
  published: boolean;
  variants: VariantDraft[];
  plans: PlanDraft[];
  /** A bundle's slots and choices as typed (SKUs by commas or lines); null: not a bundle. */
  bundle: { slots: string; choices: string } | null;
}

let keys = 0;
/** A key for a row not saved yet, so React keeps each row's fields with it. */
function nextKey(): string {
  keys += 1;
  return `new-${keys}`;
}

/** A title as a handle: "Calm Chews for Dogs" is calm-chews-for-dogs. */
export function handleOf(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, PRODUCT_EDIT_LIMITS.handle);
}

function emptyVariant(): VariantDraft {
  return {
    key: nextKey(),
    sku: "",
    options: "",
    prices: { usd: "", cad: "" },
    stock: "0",
    requiresShipping: true,
  };
}

function draftOf(product: AdminProductDetail | null): Draft {
  const tagText = (facet: ProductTag["facet"]) =>
    (product?.tags ?? [])
      .filter((t) => t.facet === facet)
      .map((t) => t.label)
      .join(", ");
  return {
    title: product?.title ?? "",
    handle: product?.handle ?? "",
    descriptionHtml: product?.descriptionHtml ?? "",
    metaDescription: product?.metaDescription ?? "",
    pets: tagText("pet"),
    conditions: tagText("condition"),
    collectionIds: product?.collectionIds ?? [],
    published: product?.published ?? false,
    variants: product
      ? product.variants.map((v) => ({
          key: v.id,
          id: v.id,
          sku: v.sku,
          options: Object.entries(v.attributes)
            .map(([name, value]) => `${name}: ${value}`)
            .join("; "),
          prices: Object.fromEntries(
            CURRENCIES.map((c) => {
              const price = v.prices.find((p) => p.currency === c);
              return [c, price ? toDecimalString(price.amount) : ""];
            }),
          ) as Record<Currency, string>,
          stock: String(v.stock),
          savedStock: v.stock,
          requiresShipping: v.requiresShipping,
        }))
      : [emptyVariant()],
    plans: (product?.plans ?? []).map((p) => ({
      ...p,
      key: p.code,
      intervalCount: String(p.intervalCount),
      discountPercentage: String(p.discountPercentage),
    })),
    bundle: product?.bundle
      ? { slots: String(product.bundle.slots), choices: product.bundle.choices.join(", ") }
      : null,
  };
}

/** The draft as the API takes it, or the first thing to fix, in words. */
function inputOf(draft: Draft, currencies: readonly Currency[]): ProductInput | string {
  const tags = (facet: ProductTag["facet"], text: string): ProductTag[] =>
    text
      .split(",")
      .map((label) => label.trim())
      .filter((label) => label !== "")
      .map((label) => ({ facet, value: handleOf(label), label }));
  const variants: ProductInput["variants"] = [];
  for (const v of draft.variants) {
    const name = v.sku.trim() || "A new variant";
    const attributes: Record<string, string> = {};
    for (const part of v.options.split(";")) {
      if (part.trim() === "") continue;
      const [option, ...rest] = part.split(":");
      const value = rest.join(":").trim();
      if (!option?.trim() || !value) {
        return `${name}: write each option as a name and a value, e.g. "Size: 30 chews; Flavour: Chicken"`;
      }
      attributes[option.trim()] = value;
    }
    const prices: { currency: Currency; amount: number }[] = [];
    for (const currency of currencies) {
      const amount = minorUnitsOf(v.prices[currency].trim());
      if (amount === null) {
        return `${name}: the ${currency.toUpperCase()} price must be an amount like 24.00`;
      }
      prices.push({ currency, amount });
    }
    const stock = /^\d{1,7}$/.test(v.stock.trim()) ? Number(v.stock.trim()) : Number.NaN;
    if (Number.isNaN(stock)) return `${name}: the stock must be a whole number, 0 or more`;
    variants.push({
      ...(v.id ? { id: v.id, expectedStock: v.savedStock ?? stock } : {}),
      sku: v.sku.trim(),
      attributes,
      prices,
      stock,
      requiresShipping: v.requiresShipping,
    });
  }
  let bundle: ProductInput["bundle"] = null;
  if (draft.bundle) {
    const slots = Number(draft.bundle.slots.trim());
    if (!Number.isInteger(slots) || slots < BUNDLE_MIN_SLOTS || slots > BUNDLE_MAX_SLOTS) {
      return PRODUCT_EDIT_MESSAGES.bundleSlots;
    }
    const choices = draft.bundle.choices
      .split(/[\s,]+/)
      .map((sku) => sku.trim())
      .filter((sku) => sku !== "");
    if (choices.length === 0) return PRODUCT_EDIT_MESSAGES.bundleChoices;
    bundle = { slots, choices };
  }
  const plans: PlanInput[] = [];
  for (const p of draft.bundle ? [] : draft.plans) {
    const intervalCount = Number(p.intervalCount);
    const discountPercentage = Number(p.discountPercentage);
    plans.push({ ...p, intervalCount, discountPercentage });
  }
  return {
    title: draft.title,
    handle: draft.handle,
    descriptionHtml: draft.descriptionHtml,
    metaDescription: draft.metaDescription,
    tags: [...tags("pet", draft.pets), ...tags("condition", draft.conditions)],
    collectionIds: draft.collectionIds,
    published: draft.published,
    // A bundle is one variant: the bundle itself at its price.
    variants: bundle ? variants.slice(0, 1) : variants,
    plans: plans.map(({ code, label, interval, intervalCount, discountPercentage }) => ({
      code,
      label,
      interval,
      intervalCount,
      discountPercentage,
    })),
    bundle,
  };
}

/** A bundle's slots and choices; a new product may become one, a saved one stays as it is. */
function BundleFields({
  bundle,
  canChange,
  onChange,
}: {
  bundle: Draft["bundle"];
  canChange: boolean;
  onChange: (next: Draft["bundle"]) => void;
}) {
  const id = useId();
  return (
    <>
      {canChange ? (
        <label className="admin-check">
          <input
            type="checkbox"
            checked={bundle !== null}
            onChange={(e) => onChange(e.target.checked ? { slots: "2", choices: "" } : null)}
          />{" "}
          A bundle: the shopper chooses its items from other products, at the bundle's price
        </label>
      ) : null}
      {bundle ? (
        <fieldset className="admin-fieldset">
          <legend>Bundle</legend>
          <div className="admin-field">
            <label htmlFor={`${id}-slots`}>
              Items to choose ({BUNDLE_MIN_SLOTS} to {BUNDLE_MAX_SLOTS})
            </label>
            <input
              id={`${id}-slots`}
              inputMode="numeric"
              size={3}
              value={bundle.slots}
              onChange={(e) => onChange({ ...bundle, slots: e.target.value })}
            />
          </div>
          <div className="admin-field">
            <label htmlFor={`${id}-choices`}>
              Choices: SKUs of other products, by commas, in the order shown
            </label>
            <textarea
              id={`${id}-choices`}
              rows={3}
              value={bundle.choices}
              placeholder="ITCHY-1, DRAMA-1, EAT-1"
              onChange={(e) => onChange({ ...bundle, choices: e.target.value })}
            />
          </div>
        </fieldset>
      ) : null}
    </>
  );
}

function VariantFields({
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
        {currencies.map((currency) => (
          <div className="admin-field" key={currency}>
            <label htmlFor={`${id}-${currency}`}>Price {currency.toUpperCase()}</label>
            <input
              id={`${id}-${currency}`}
              inputMode="decimal"
              size={8}
              value={variant.prices[currency]}
              onChange={(e) =>
                onChange({ ...variant, prices: { ...variant.prices, [currency]: e.target.value } })
              }
            />
          </div>
        ))}
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

function PlanFields({
  plan,
  onChange,
  onRemove,
}: {
  plan: PlanDraft;
  onChange: (next: PlanDraft) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const name = plan.label.trim() || plan.code || "new plan";
  return (
    <fieldset className="admin-fieldset">
      <legend>Plan {name}</legend>
      <div className="admin-field-row">
        <div className="admin-field">
          <label htmlFor={`${id}-code`}>Code</label>
          <input
            id={`${id}-code`}
            size={10}
            value={plan.code}
            placeholder="monthly"
            onChange={(e) => onChange({ ...plan, code: e.target.value })}
          />
        </div>
        <div className="admin-field admin-field-wide">
          <label htmlFor={`${id}-label`}>Label</label>
          <input
            id={`${id}-label`}
            value={plan.label}
            placeholder="Deliver every month"
            onChange={(e) => onChange({ ...plan, label: e.target.value })}
          />
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-every`}>Every</label>
          <input
            id={`${id}-every`}
            inputMode="numeric"
            size={3}
            value={plan.intervalCount}
            onChange={(e) => onChange({ ...plan, intervalCount: e.target.value })}
          />
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-interval`}>Weeks or months</label>
          <select
            id={`${id}-interval`}
            value={plan.interval}
            onChange={(e) =>
              onChange({ ...plan, interval: e.target.value === "week" ? "week" : "month" })
            }
          >
            <option value="week">weeks</option>
            <option value="month">months</option>
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-discount`}>Discount %</label>
          <input
            id={`${id}-discount`}
            inputMode="numeric"
            size={3}
            value={plan.discountPercentage}
            onChange={(e) => onChange({ ...plan, discountPercentage: e.target.value })}
          />
        </div>
        <button type="button" className="admin-button" onClick={onRemove}>
          Remove {name}
        </button>
      </div>
    </fieldset>
  );
}

/** The product's images: each with its description, removable; a new one uploaded. */
function ImageManager({ productId, images }: { productId: string; images: AdminProductImage[] }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState("");
  const [inputKey, setInputKey] = useState(0);
  const { busy, run: act, outcome } = useSave();
  function upload(event: FormEvent) {
    event.preventDefault();
    void act(async () => {
      if (!file) throw new Error("Choose an image to upload");
      const query = new URLSearchParams({ alt: alt.trim() });
      await apiRequest("POST", `/api/admin/products/${productId}/images?${query}`, file);
      setFile(null);
      setAlt("");
      setInputKey((k) => k + 1);
    }, "The image is uploaded: the product page shows it now.");
  }
  return (
    <section className="admin-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Images</h2>
      {images.length === 0 ? <p>No images yet.</p> : null}
      <ul className="admin-image-list">
        {images.map((image, i) => (
          <li key={image.id} className="admin-image-item">
            <img src={`${image.url}?w=192&shape=square`} alt={image.alt} width={96} height={96} />
            <span>{image.alt || `Image ${i + 1} (no description)`}</span>
            <button
              type="button"
              className="admin-button"
              disabled={busy}
              onClick={() =>
                void act(
                  () => apiRequest("DELETE", `/api/admin/products/${productId}/images/${image.id}`),
                  "The image is removed.",
                )
              }
            >
              Remove image {i + 1}
            </button>
          </li>
        ))}
      </ul>
      <form onSubmit={upload} noValidate className="admin-field-row">
        <div className="admin-field">
          <label htmlFor={`${id}-file`}>Image (JPEG, PNG or WebP, up to 10 MB)</label>
          <input
            key={inputKey}
            id={`${id}-file`}
            type="file"
            accept={Object.keys(PRODUCT_IMAGE_TYPES).join(",")}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </div>
        <div className="admin-field admin-field-wide">
          <label htmlFor={`${id}-alt`}>Description for people who cannot see it</label>
          <input id={`${id}-alt`} value={alt} onChange={(e) => setAlt(e.target.value)} />
        </div>
        <button type="submit" className="admin-button" disabled={busy}>
          Upload image
        </button>
      </form>
      {outcome}
    </section>
  );
}

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
  const navigate = useNavigate();
  const [draft, setDraft] = useState(() => draftOf(product));
  const [handleTouched, setHandleTouched] = useState(product !== null);
  const [problem, setProblem] = useState<string | null>(null);
  const { busy, run, outcome } = useSave();
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const input = inputOf(draft, currencies);
    setProblem(typeof input === "string" ? input : null);
    if (typeof input === "string") return;
    void run(
      async () => {
        if (product) {
          const saved = await apiRequest<AdminProductDetail>(
            "PUT",
            `/api/admin/products/${product.id}`,
            input,
          ).catch(async (err: unknown) => {
            // The stock changed meanwhile (an order): show the figure now, to check and save again.
            if (err instanceof ApiError && err.status === 409) {
              const now = await apiRequest<AdminProductDetail>(
                "GET",
                `/api/admin/products/${product.id}`,
              );
              setDraft((d) => ({
                ...d,
                variants: d.variants.map((v) => {
                  const fresh = now.variants.find((x) => x.id === v.id);
                  return fresh && fresh.stock !== v.savedStock
                    ? { ...v, stock: String(fresh.stock), savedStock: fresh.stock }
                    : v;
                }),
              }));
            }
            throw err;
          });
          setDraft(draftOf(saved));
          return;
        }
        const created = await apiRequest<AdminProductDetail>("POST", "/api/admin/products", input);
        await navigate(`/admin/products/${created.id}`, { replace: true });
      },
      `${draft.title || "The product"} is saved.`,
    );
  }

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
        <div className="admin-field">
          <label htmlFor={`${id}-title`}>Title</label>
          <input
            id={`${id}-title`}
            value={draft.title}
            onChange={(e) =>
              set({
                title: e.target.value,
                ...(handleTouched ? {} : { handle: handleOf(e.target.value) }),
              })
            }
          />
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-handle`}>Handle (its address: /products/handle)</label>
          <input
            id={`${id}-handle`}
            value={draft.handle}
            onChange={(e) => {
              setHandleTouched(true);
              set({ handle: e.target.value });
            }}
          />
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-description`}>Description (HTML: paragraphs, lists, links)</label>
          <textarea
            id={`${id}-description`}
            rows={6}
            value={draft.descriptionHtml}
            onChange={(e) => set({ descriptionHtml: e.target.value })}
          />
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-meta`}>Description for search engines</label>
          <textarea
            id={`${id}-meta`}
            rows={2}
            value={draft.metaDescription}
            onChange={(e) => set({ metaDescription: e.target.value })}
          />
        </div>
        <div className="admin-field-row">
          <div className="admin-field admin-field-wide">
            <label htmlFor={`${id}-pets`}>Pets, by commas</label>
            <input
              id={`${id}-pets`}
              value={draft.pets}
              placeholder="Dogs, Cats"
              onChange={(e) => set({ pets: e.target.value })}
            />
          </div>
          <div className="admin-field admin-field-wide">
            <label htmlFor={`${id}-conditions`}>Conditions, by commas</label>
            <input
              id={`${id}-conditions`}
              value={draft.conditions}
              placeholder="Anxiety, Joint pain"
              onChange={(e) => set({ conditions: e.target.value })}
            />
          </div>
        </div>
        {collections.length > 0 ? (
          <fieldset className="admin-fieldset">
            <legend>Collections</legend>
            {collections.map((c) => (
              <label key={c.id} className="admin-check">
                <input
                  type="checkbox"
                  checked={draft.collectionIds.includes(c.id)}
                  onChange={(e) =>
                    set({
                      collectionIds: e.target.checked
                        ? [...draft.collectionIds, c.id]
                        : draft.collectionIds.filter((x) => x !== c.id),
                    })
                  }
                />{" "}
                {c.title}
              </label>
            ))}
          </fieldset>
        ) : null}
        <BundleFields
          bundle={draft.bundle}
          canChange={product === null}
          onChange={(bundle) => set({ bundle })}
        />
        <h2>{draft.bundle ? "The bundle's SKU, price and stock" : "Variants"}</h2>
        {(draft.bundle ? draft.variants.slice(0, 1) : draft.variants).map((variant, i) => (
          <VariantFields
            key={variant.key}
            variant={variant}
            currencies={currencies}
            onChange={(next) =>
              set({ variants: draft.variants.map((v, j) => (j === i ? next : v)) })
            }
            onRemove={
              draft.variants.length > 1 && !draft.bundle
                ? () => set({ variants: draft.variants.filter((_, j) => j !== i) })
                : null
            }
          />
        ))}
        {draft.bundle ? null : (
          <>
            <p>
              <button
                type="button"
                className="admin-button"
                onClick={() => set({ variants: [...draft.variants, emptyVariant()] })}
              >
                Add a variant
              </button>
            </p>
            <h2>Subscription plans</h2>
            {draft.plans.length === 0 ? <p className="admin-hint">Sold once only.</p> : null}
            {draft.plans.map((plan, i) => (
              <PlanFields
                key={plan.key}
                plan={plan}
                onChange={(next) => set({ plans: draft.plans.map((p, j) => (j === i ? next : p)) })}
                onRemove={() => set({ plans: draft.plans.filter((_, j) => j !== i) })}
              />
            ))}
            <p>
              <button
                type="button"
                className="admin-button"
                onClick={() =>
                  set({
                    plans: [
                      ...draft.plans,
                      {
                        key: nextKey(),
                        code: "",
                        label: "",
                        interval: "month",
                        intervalCount: "1",
                        discountPercentage: "10",
                      },
                    ],
                  })
                }
              >
                Add a plan
              </button>
            </p>
          </>
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
        {problem ? (
          <p className="admin-error" role="alert">
            {problem}
          </p>
        ) : null}
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
