import {
  type AdminProductDetail,
  CURRENCIES,
  type Currency,
  type PlanInput,
  PRODUCT_EDIT_LIMITS,
  type ProductTag,
  toDecimalString,
} from "@storefront/domain";

/** A variant's row as the admin types it. */
export interface VariantDraft {
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

/** A subscription plan's row as typed: its numbers as text until the save reads them. */
export interface PlanDraft extends Omit<PlanInput, "intervalCount" | "discountPercentage"> {
  key: string;
  intervalCount: string;
  discountPercentage: string;
}

/** The product as its editor's form holds it, every field as typed. */
export interface Draft {
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

export function emptyVariant(): VariantDraft {
  return {
    key: nextKey(),
    sku: "",
    options: "",
    prices: { usd: "", cad: "" },
    stock: "0",
    requiresShipping: true,
  };
}

/** A new plan's row: monthly at 10% off until the admin types otherwise. */
export function emptyPlan(): PlanDraft {
  return {
    key: nextKey(),
    code: "",
    label: "",
    interval: "month",
    intervalCount: "1",
    discountPercentage: "10",
  };
}

/** The product as the form edits it; a new product's draft has one empty variant. */
export function draftOf(product: AdminProductDetail | null): Draft {
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
