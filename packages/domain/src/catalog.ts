import type { Variant } from "./catalog-schema.ts";
import type { Currency } from "./money.ts";

export type Prices = Partial<Record<Currency, number>>;

/** Attributes the popup shows as a dropdown; every other attribute is a button group. */
/**
 * Below this stock a product page says 'Only N left in stock' (at or above: 'In stock'). The
 * database's page-change trigger (apps/server migration 0018) words stock the same way.
 */
export const LOW_STOCK_THRESHOLD = 10;

export const DROPDOWN_ATTRIBUTES = ["Font", "Thread Color", "Text Placement"] as const;

export function attributeControl(name: string): "dropdown" | "buttons" {
  return (DROPDOWN_ATTRIBUTES as readonly string[]).includes(name) ? "dropdown" : "buttons";
}

/** The label shown for an attribute: 'pack size' reads 'Count'. */
export function attributeLabel(name: string): string {
  return name.toLowerCase() === "pack size" ? "Count" : name;
}

const PACK_SIZE_OPTIONS: Record<string, string> = { "1": "Single", "2": "Pack of Two" };

/** The label shown for an option value: pack size 1 reads 'Single', 2 reads 'Pack of Two'. */
export function optionLabel(attribute: string, value: string): string {
  if (attribute.toLowerCase() === "pack size") return PACK_SIZE_OPTIONS[value] ?? value;
  return value;
}

/** The placeholder of a dropdown attribute. */
export function dropdownPlaceholder(attribute: string): string {
  return `Select Your ${attribute}`;
}

/**
 * The first option of each attribute, which the product page and popup preselect.
 * @example defaultSelection({ "pack size": ["1", "2"] }) // { "pack size": "1" }
 */
export function defaultSelection(variantList: Record<string, string[]>): Record<string, string> {
  const selection: Record<string, string> = {};
  for (const [name, options] of Object.entries(variantList)) {
    const first = options[0];
    if (first !== undefined) selection[name] = first;
  }
  return selection;
}

/** The variant whose attributes all equal the selection, or undefined when none matches. */
export function matchVariant<V extends Pick<Variant, "product_attributes">>(
  variants: readonly V[],
  selection: Record<string, string>,
): V | undefined {
  const names = Object.keys(selection);
  return variants.find(
    (v) =>
      names.length === Object.keys(v.product_attributes).length &&
      names.every((name) => v.product_attributes[name] === selection[name]),
  );
}

/** The widths a page may ask an image in (`?w=`); a slot's srcset offers each of them. */
export const IMAGE_WIDTHS = [96, 192, 320, 480, 640, 800, 1200, 1600, 2400] as const;

/** The shapes an image can be cropped to (`?shape=`); see IMAGE_SHAPES for their proportions. */
export type ImageShape = "square" | "photo" | "wide" | "banner";

/**
 * An image's srcset: every width of IMAGE_WIDTHS, cropped to `shape` when given. The server
 * makes each on first request and answers AVIF or WebP by the browser's Accept.
 * @example imageSrcSet("/media/pet/eat-1.jpg", "square") // "/media/pet/eat-1.jpg?w=96&shape=square 96w, …"
 */
export function imageSrcSet(url: string, shape?: ImageShape): string {
  // A space or a comma would split a srcset candidate.
  const base = `${url.replace(/[ ,]/g, encodeURIComponent)}${url.includes("?") ? "&" : "?"}`;
  const crop = shape ? `&shape=${shape}` : "";
  return IMAGE_WIDTHS.map((w) => `${base}w=${w}${crop} ${w}w`).join(", ");
}

/**
 * The resized variant of an image that pages request first; they fall back to the original.
 * @example imageVariantUrl("/media/pet/eat-1.jpg") // "/media/pet/eat-1_728.webp"
 */
export function imageVariantUrl(url: string): string {
  const query = url.indexOf("?");
  const path = query === -1 ? url : url.slice(0, query);
  const dot = path.lastIndexOf(".");
  const slash = path.lastIndexOf("/");
  const base = dot > slash ? path.slice(0, dot) : path;
  return `${base}_728.webp`;
}
