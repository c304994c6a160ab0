import {
  BUNDLE_MAX_SLOTS,
  BUNDLE_MIN_SLOTS,
  type Currency,
  minorUnitsOf,
  type PlanInput,
  PRODUCT_EDIT_MESSAGES,
  type ProductInput,
  type ProductTag,
} from "@storefront/domain";
import { type Draft, handleOf } from "./product-draft";

/** The draft as the API takes it, or the first thing to fix, in words. */
export function inputOf(draft: Draft, currencies: readonly Currency[]): ProductInput | string {
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
