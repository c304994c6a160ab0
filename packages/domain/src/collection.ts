import type { ProductCard } from "./catalog-schema.ts";
import type { CollectionFilter, CollectionQuery, ProductTag } from "./collection-schema.ts";
import { DomainError } from "./errors.ts";

// No schema here: the collection page's bundle takes these constants without zod's schemas.

/** The orders a collection can be listed in (?sort=), with their labels; the first is the default. */
export const COLLECTION_SORTS = {
  featured: "Featured",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
  rating: "Top rated",
  newest: "Newest",
} as const;
export type CollectionSort = keyof typeof COLLECTION_SORTS;

/** What a collection's sort and filters say to a person. */
export const COLLECTION_MESSAGES = {
  tagTooLong: "A filter value must not exceed 64 characters",
  tagShape: "A filter value may contain only lower-case letters, digits and hyphens",
  sortUnknown: `Sort must be one of ${Object.keys(COLLECTION_SORTS).join(", ")}`,
  tagUnknown: (facet: string, value: string) =>
    `No product in this collection has ${facet} "${value}"`,
} as const;

/** The facets a collection can be filtered by, with what a shopper reads for each. */
export const PRODUCT_FACETS = {
  pet: { label: "Pet", any: "All pets" },
  condition: { label: "Condition", any: "All conditions" },
} as const;
export type ProductFacet = keyof typeof PRODUCT_FACETS;

/** A product of a collection as the server reads it once, before any sort or filter. */
export interface CollectionEntry {
  card: ProductCard;
  tags: readonly ProductTag[];
  /** Its place in the collection ("featured" order). */
  position: number;
  /** When it was added to the catalogue, ms since the epoch ("newest" order). */
  createdAt: number;
}

type Compare = (a: CollectionEntry, b: CollectionEntry) => number;

const byPosition: Compare = (a, b) => a.position - b.position;

/** Each order breaks its ties by the collection's own order, so a page never shuffles. */
const ORDERS: Record<CollectionSort, Compare> = {
  featured: byPosition,
  "price-asc": (a, b) => a.card.product_price - b.card.product_price || byPosition(a, b),
  "price-desc": (a, b) => b.card.product_price - a.card.product_price || byPosition(a, b),
  // Unreviewed products last; then the higher mean, then the more reviews.
  rating: (a, b) =>
    Number(b.card.review_count > 0) - Number(a.card.review_count > 0) ||
    b.card.review_average - a.card.review_average ||
    b.card.review_count - a.card.review_count ||
    byPosition(a, b),
  newest: (a, b) => b.createdAt - a.createdAt || byPosition(a, b),
};

function hasTag(entry: CollectionEntry, facet: ProductFacet, value: string): boolean {
  return entry.tags.some((t) => t.facet === facet && t.value === value);
}

function passes(
  entry: CollectionEntry,
  selected: Partial<Record<ProductFacet, string>>,
  except?: ProductFacet,
): boolean {
  return Object.entries(selected).every(
    ([facet, value]) => facet === except || hasTag(entry, facet as ProductFacet, value),
  );
}

/**
 * A collection as a shopper asked for it: the products tagged with every chosen value, in the
 * chosen order, and for each facet any product is tagged with its values with how many products
 * each would list given the other facets' choices. A chosen value no product has is refused
 * (DomainError "invalid").
 * @example collectionView(entries, { pet: "dog", sort: "price-asc" })
 */
export function collectionView(
  entries: readonly CollectionEntry[],
  query: CollectionQuery,
): {
  sort: CollectionSort;
  filters: CollectionFilter[];
  total: number;
  products: ProductCard[];
} {
  const sort = query.sort ?? "featured";
  const selected: Partial<Record<ProductFacet, string>> = {};
  for (const facet of Object.keys(PRODUCT_FACETS) as ProductFacet[]) {
    const value = query[facet];
    if (value !== undefined) selected[facet] = value;
  }
  const filters: CollectionFilter[] = [];
  for (const facet of Object.keys(PRODUCT_FACETS) as ProductFacet[]) {
    const labels = new Map<string, string>();
    for (const entry of entries) {
      for (const tag of entry.tags) {
        if (tag.facet === facet && !labels.has(tag.value)) labels.set(tag.value, tag.label);
      }
    }
    const chosen = selected[facet] ?? null;
    // A value no product of the collection has (an old or a made-up link) is not a view of it.
    if (chosen !== null && !labels.has(chosen)) {
      throw new DomainError("invalid", COLLECTION_MESSAGES.tagUnknown(facet, chosen), {
        [facet]: COLLECTION_MESSAGES.tagUnknown(facet, chosen),
      });
    }
    if (labels.size === 0) continue;
    const others = entries.filter((e) => passes(e, selected, facet));
    filters.push({
      facet,
      ...PRODUCT_FACETS[facet],
      selected: chosen,
      options: [...labels]
        .map(([value, label]) => ({
          value,
          label,
          count: others.filter((e) => hasTag(e, facet, value)).length,
        }))
        .sort((a, b) => a.label.localeCompare(b.label, "en")),
    });
  }
  return {
    sort,
    filters,
    total: entries.length,
    products: entries
      .filter((e) => passes(e, selected))
      .sort(ORDERS[sort])
      .map((e) => e.card),
  };
}
