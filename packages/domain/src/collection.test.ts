import { describe, expect, it } from "vitest";
import { type CollectionEntry, collectionView } from "./collection.ts";
import { CollectionQuerySchema, type ProductTag } from "./collection-schema.ts";

const dog: ProductTag = { facet: "pet", value: "dog", label: "Dogs" };
const cat: ProductTag = { facet: "pet", value: "cat", label: "Cats" };
const condition = (value: string, label: string): ProductTag => ({
  facet: "condition",
  value,
  label,
});

function entry(
  handle: string,
  position: number,
  price: number,
  tags: ProductTag[],
  reviews: [average: number, count: number] = [0, 0],
  createdAt = 0,
): CollectionEntry {
  return {
    card: {
      id: handle,
      handle,
      product_title: handle,
      currency: "usd",
      product_price: price,
      image_url: null,
      image_alt: handle,
      in_stock: true,
      review_average: reviews[0],
      review_count: reviews[1],
    },
    tags,
    position,
    createdAt,
  };
}

const entries = [
  entry("calm", 0, 3000, [dog, cat, condition("anxiety", "Anxiety")], [4.5, 10], 1),
  entry("joints", 1, 5000, [dog, condition("pain", "Pain")], [4.8, 2], 3),
  entry("skin", 2, 2000, [cat, condition("allergies", "Allergies")], [0, 0], 2),
  entry("coat", 3, 3000, [dog, condition("allergies", "Allergies")], [4.5, 30], 0),
];
const handles = (query: Parameters<typeof collectionView>[1]) =>
  collectionView(entries, query).products.map((p) => p.handle);

describe("a collection's order", () => {
  it("lists featured products in the collection's order by default", () => {
    expect(handles({})).toEqual(["calm", "joints", "skin", "coat"]);
    expect(collectionView(entries, {}).sort).toBe("featured");
  });

  it("sorts by price both ways, equal prices keeping the collection's order", () => {
    expect(handles({ sort: "price-asc" })).toEqual(["skin", "calm", "coat", "joints"]);
    expect(handles({ sort: "price-desc" })).toEqual(["joints", "calm", "coat", "skin"]);
  });

  it("sorts by rating: higher mean first, more reviews breaking a tie, unreviewed last", () => {
    expect(handles({ sort: "rating" })).toEqual(["joints", "coat", "calm", "skin"]);
  });

  it("sorts the newest first", () => {
    expect(handles({ sort: "newest" })).toEqual(["joints", "skin", "calm", "coat"]);
  });
});

describe("a collection's filters", () => {
  it("lists only the products tagged with every chosen value, and counts all of them", () => {
    expect(handles({ pet: "cat" })).toEqual(["calm", "skin"]);
    expect(handles({ pet: "dog", condition: "allergies" })).toEqual(["coat"]);
    expect(collectionView(entries, { pet: "cat" }).total).toBe(4);
  });

  it("offers each facet's values by label, counted under the other facet's choice", () => {
    const { filters } = collectionView(entries, { pet: "cat" });
    expect(filters).toEqual([
      {
        facet: "pet",
        label: "Pet",
        any: "All pets",
        selected: "cat",
        options: [
          { value: "cat", label: "Cats", count: 2 },
          { value: "dog", label: "Dogs", count: 3 },
        ],
      },
      {
        facet: "condition",
        label: "Condition",
        any: "All conditions",
        selected: null,
        options: [
          { value: "allergies", label: "Allergies", count: 1 },
          { value: "anxiety", label: "Anxiety", count: 1 },
          { value: "pain", label: "Pain", count: 0 },
        ],
      },
    ]);
  });

  it("offers no facet no product is tagged with", () => {
    const untagged = [entry("plan", 0, 1000, [])];
    expect(collectionView(untagged, {}).filters).toEqual([]);
  });

  it("refuses a value no product of the collection has (an old or a made-up link)", () => {
    expect(() => collectionView(entries, { condition: "fleas" })).toThrow(
      'No product in this collection has condition "fleas"',
    );
    const untagged = [entry("plan", 0, 1000, [])];
    expect(() => collectionView(untagged, { pet: "dog" })).toThrow(
      'No product in this collection has pet "dog"',
    );
  });
});

describe("a collection's query", () => {
  it("names the orders it knows when the sort is unknown", () => {
    const result = CollectionQuerySchema.safeParse({ sort: "cheapest" });
    expect(result.error?.issues[0]?.message).toBe(
      "Sort must be one of featured, price-asc, price-desc, rating, newest",
    );
  });

  it("refuses a filter value that is not a slug, and a parameter it does not know", () => {
    expect(CollectionQuerySchema.safeParse({ pet: "Dogs!" }).error?.issues[0]?.message).toBe(
      "A filter value may contain only lower-case letters, digits and hyphens",
    );
    expect(CollectionQuerySchema.safeParse({ colour: "red" }).success).toBe(false);
  });
});
