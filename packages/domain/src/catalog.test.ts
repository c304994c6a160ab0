import { describe, expect, it } from "vitest";
import {
  attributeControl,
  attributeLabel,
  defaultSelection,
  dropdownPlaceholder,
  imageSrcSet,
  imageVariantUrl,
  matchVariant,
  optionLabel,
} from "./catalog.ts";

const variants = [
  { sku: "A-1", product_attributes: { "pack size": "1", Flavor: "Beef" } },
  { sku: "A-2", product_attributes: { "pack size": "2", Flavor: "Beef" } },
  { sku: "A-3", product_attributes: { "pack size": "1", Flavor: "Fish" } },
];

describe("variant selection", () => {
  it("preselects the first option of each attribute", () => {
    expect(defaultSelection({ "pack size": ["1", "2"], Flavor: ["Beef", "Fish"] })).toEqual({
      "pack size": "1",
      Flavor: "Beef",
    });
  });

  it("matches the variant whose attributes equal the selection", () => {
    expect(matchVariant(variants, { "pack size": "2", Flavor: "Beef" })?.sku).toBe("A-2");
    expect(matchVariant(variants, { "pack size": "1", Flavor: "Fish" })?.sku).toBe("A-3");
  });

  it("selects no variant when nothing matches", () => {
    expect(matchVariant(variants, { "pack size": "2", Flavor: "Fish" })).toBeUndefined();
    expect(matchVariant(variants, { "pack size": "1" })).toBeUndefined();
  });
});

describe("attribute display", () => {
  it("labels 'pack size' as Count with Single and Pack of Two", () => {
    expect(attributeLabel("pack size")).toBe("Count");
    expect(optionLabel("pack size", "1")).toBe("Single");
    expect(optionLabel("pack size", "2")).toBe("Pack of Two");
    expect(optionLabel("Flavor", "Beef")).toBe("Beef");
  });

  it("uses a dropdown for Font, Thread Color and Text Placement, buttons otherwise", () => {
    expect(attributeControl("Font")).toBe("dropdown");
    expect(attributeControl("Thread Color")).toBe("dropdown");
    expect(attributeControl("Text Placement")).toBe("dropdown");
    expect(attributeControl("pack size")).toBe("buttons");
    expect(dropdownPlaceholder("Font")).toBe("Select Your Font");
  });
});

describe("imageVariantUrl asks for the _728.webp variant", () => {
  it.each([
    ["/media/pet/eat-1.jpg", "/media/pet/eat-1_728.webp"],
    ["/media/pet/eat-1.png?v=2", "/media/pet/eat-1_728.webp"],
    ["/media/v1.2/photo", "/media/v1.2/photo_728.webp"],
  ])("%s → %s", (url, expected) => {
    expect(imageVariantUrl(url)).toBe(expected);
  });
});

describe("an image's srcset", () => {
  it("offers every width, cropped to the slot's shape, after a query the URL already has", () => {
    const set = imageSrcSet("/media/pet/eat-1.jpg", "square").split(", ");
    expect(set[0]).toBe("/media/pet/eat-1.jpg?w=96&shape=square 96w");
    expect(set.at(-1)).toBe("/media/pet/eat-1.jpg?w=2400&shape=square 2400w");
    expect(imageSrcSet("/media/pet/eat 1,a.jpg?v=2").split(", ")[0]).toBe(
      "/media/pet/eat%201%2Ca.jpg?v=2&w=96 96w",
    );
  });
});
