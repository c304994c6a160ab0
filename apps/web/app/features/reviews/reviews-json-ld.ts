import type { ReviewPage } from "@storefront/domain";

/**
 * How many of the page's reviews the JSON-LD repeats: search engines show the aggregate and a
 * few; the page's HTML and its loader data carry the whole first page already.
 */
export const JSON_LD_REVIEWS = 5;

/**
 * schema.org fields for the product's JSON-LD: its AggregateRating and the first few reviews the
 * page shows. Nothing when it has no reviews (an AggregateRating needs at least one).
 */
export function reviewsJsonLd(page: ReviewPage | null): Record<string, unknown> {
  if (!page || page.summary.count === 0) return {};
  return {
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: page.summary.average,
      reviewCount: page.summary.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: page.reviews.slice(0, JSON_LD_REVIEWS).map((r) => ({
      "@type": "Review",
      author: { "@type": "Person", name: r.reviewer_name },
      datePublished: r.review_date.slice(0, 10),
      ...(r.review_title ? { name: r.review_title } : {}),
      reviewBody: r.review_description,
      reviewRating: {
        "@type": "Rating",
        ratingValue: r.review_rating,
        bestRating: 5,
        worstRating: 1,
      },
    })),
  };
}
