import { type BundleContent, optionLabel } from "@storefront/domain";
import "./bundle-contents.css";

/**
 * A variant as a shopper names it: its product's title and its option values.
 * @example itemName("Calm Down", { size: "2 oz" }) // "Calm Down — 2 oz"
 * @example itemName("Eat", { "pack size": "2" }) // "Eat — Pack of Two"
 */
export function itemName(title: string, attributes: Record<string, string>): string {
  const options = Object.entries(attributes).map(([name, value]) => optionLabel(name, value));
  return options.length > 0 ? `${title} — ${options.join(", ")}` : title;
}

/** "2 × Calm Down — 2 oz, 1 × Ouchie — 2 oz": a bundle's contents in one line of text. */
export function contentsText(contents: readonly BundleContent[]): string {
  return contents.map((c) => `${c.quantity} × ${itemName(c.title, c.attributes)}`).join(", ");
}

/** What one of a bundle line holds, under the line's title: "2 × Calm Down — 2 oz" per variant. */
export function BundleContents({ contents }: { contents: readonly BundleContent[] }) {
  return (
    <ul className="bundle-contents" aria-label="In this bundle">
      {contents.map((c) => (
        <li key={c.sku}>
          {c.quantity} × {itemName(c.title, c.attributes)}
        </li>
      ))}
    </ul>
  );
}

/**
 * The skus one bundle of `contents` holds, one per slot: what names a line of an order, which
 * keeps the contents but not the selection.
 */
export function skusOf(contents: readonly BundleContent[]): string[] {
  return contents.flatMap((c) => Array.from({ length: c.quantity }, () => c.sku));
}
