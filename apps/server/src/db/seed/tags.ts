import type { ProductTag } from "@storefront/domain";

/** The demo stores' product tags: what each product is for, by pet and by condition. */
export const DOGS: ProductTag = { facet: "pet", value: "dog", label: "Dogs" };
export const CATS: ProductTag = { facet: "pet", value: "cat", label: "Cats" };

/** A condition tag; its value is the label in lower case with hyphens ("Yeast & Fungus": "yeast-and-fungus"). */
export function conditionTag(label: string): ProductTag {
  const value = label
    .toLowerCase()
    .replaceAll("&", "and")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return { facet: "condition", value, label };
}
