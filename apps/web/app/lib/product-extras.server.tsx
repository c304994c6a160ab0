import {
  type Currency,
  type ProductTrust,
  REVIEW_RATING_MAX,
  type ReviewSummary,
} from "@storefront/domain";
import type { CSSProperties } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/**
 * The product page's static extras as HTML made by the server: its rating under the title and
 * the store's promises under Add to cart. They change only with the loader's data, so the page
 * shows them without the browser's bundle carrying their code.
 */
export interface ProductExtras {
  /** "★★★★☆ 4.27 (30)", a link to the reviews; empty without reviews. */
  rating: string;
  /** The store's promises for a shopper paying in this currency; empty without any. */
  trust: string;
}

export function productExtras(
  summary: ReviewSummary | null,
  trust: ProductTrust,
  currency: Currency,
): ProductExtras {
  const lines = trust.filter((t) => t.currency === undefined || t.currency === currency);
  return {
    rating:
      summary && summary.count > 0
        ? renderToStaticMarkup(
            <a
              className="product-rating"
              href="#reviews-title"
              aria-label={`Rated ${summary.average.toFixed(2)} out of ${REVIEW_RATING_MAX}, ${summary.count} ${summary.count === 1 ? "review" : "reviews"}`}
            >
              <span
                className="stars"
                aria-hidden="true"
                style={
                  {
                    "--stars-filled": `${(summary.average / REVIEW_RATING_MAX) * 100}%`,
                  } as CSSProperties
                }
              />
              {`${summary.average.toFixed(2)} (${summary.count})`}
            </a>,
          )
        : "",
    trust:
      lines.length > 0
        ? renderToStaticMarkup(
            <ul className="product-trust">
              {lines.map((line) => (
                <li key={line.text}>{line.text}</li>
              ))}
            </ul>,
          )
        : "",
  };
}
