import { type Product, type ReviewPage, toDecimalString } from "@storefront/domain";
import { reviewsJsonLd } from "~/features/reviews";

/**
 * The product page's schema.org JSON-LD: the product, its offers and its reviews. Made by the
 * loader, so the browser's bundle carries none of this code.
 */
export function productJsonLd(options: {
  product: Product;
  reviews: ReviewPage | null;
  origin: string;
  canonical: string;
  brandName: string;
}): Record<string, unknown> {
  const { product, reviews, origin, canonical, brandName } = options;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.product_title,
    description: product.meta_description,
    image: product.product_urls.map((u) => `${origin}${u}`),
    url: canonical,
    brand: { "@type": "Brand", name: brandName },
    offers: product.variants.map((v) => ({
      "@type": "Offer",
      sku: v.sku,
      price: toDecimalString(v.product_price),
      priceCurrency: product.currency.toUpperCase(),
      availability:
        v.total_stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      url: `${canonical}?variant=${encodeURIComponent(v.sku)}`,
    })),
    ...reviewsJsonLd(reviews),
  };
}
