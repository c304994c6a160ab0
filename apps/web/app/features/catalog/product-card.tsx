import type { ProductCard as ProductCardData } from "@storefront/domain";
import type { CSSProperties } from "react";
import { Link } from "react-router";
import { ResponsiveImage } from "~/components/responsive-image";
import { Price } from "./price";

/** A card's width: 2 columns, 3 from 768 px, 4 from 1024 px, within the 1200 px layout. */
const CARD_SIZES =
  "(min-width: 1200px) 268px, (min-width: 1024px) calc(25vw - 32px), (min-width: 768px) calc(33vw - 32px), calc(50vw - 24px)";

/** The image is decorative (alt=""): the title inside the same link already names the product. */
export function ProductCard({
  product,
  eager,
  headingLevel = 3,
  onQuickShop,
}: {
  product: ProductCardData;
  eager?: boolean;
  headingLevel?: 2 | 3;
  /** Opens the quick-view popup for this product (its card fills the popup while it loads). */
  onQuickShop?(product: ProductCardData): void;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="product-card">
      <Link to={`/products/${product.handle}`} className="product-card-link">
        {product.image_url ? (
          <ResponsiveImage
            src={product.image_url}
            alt=""
            width={728}
            height={728}
            shape="square"
            sizes={CARD_SIZES}
            loading={eager ? "eager" : "lazy"}
            className="product-card-image"
          />
        ) : null}
        <Heading className="product-card-title">{product.product_title}</Heading>
      </Link>
      {product.review_count > 0 ? <CardRating product={product} /> : null}
      <p className="product-card-price">
        <Price amount={product.product_price} currency={product.currency} />
        {product.in_stock ? null : <span className="badge">Out of stock</span>}
      </p>
      {onQuickShop ? (
        <button
          type="button"
          className="button button-secondary quick-shop"
          onClick={() => onQuickShop(product)}
        >
          Quick shop<span className="visually-hidden"> {product.product_title}</span>
        </button>
      ) : null}
    </article>
  );
}

/**
 * The stars the `.stars` style draws: the domain's REVIEW_RATING_MAX, not imported from its
 * review module so that the lists' cards do not split it out of the product page's reviews.
 */
const STARS = 5;

/** "★★★★☆ 4.27 (30)", read out as "Rated 4.27 out of 5, 30 reviews". */
function CardRating({ product }: { product: ProductCardData }) {
  const { review_average: average, review_count: count } = product;
  const filled = { "--stars-filled": `${(average / STARS) * 100}%` } as CSSProperties;
  return (
    <p className="product-card-rating">
      <span className="stars" aria-hidden="true" style={filled} />
      <span aria-hidden="true">{` ${average.toFixed(2)} (${count})`}</span>
      <span className="visually-hidden">
        {`Rated ${average.toFixed(2)} out of ${STARS}, ${count} ${count === 1 ? "review" : "reviews"}`}
      </span>
    </p>
  );
}

export function ProductGrid({
  products,
  eagerCount = 0,
  headingLevel = 3,
  onQuickShop,
}: {
  products: ProductCardData[];
  eagerCount?: number;
  /** 2 when the grid sits right under the page's h1, 3 under a section's h2. */
  headingLevel?: 2 | 3;
  onQuickShop?(product: ProductCardData): void;
}) {
  return (
    <ul className="product-grid">
      {products.map((p, i) => (
        <li key={p.id}>
          <ProductCard
            product={p}
            eager={i < eagerCount}
            headingLevel={headingLevel}
            onQuickShop={onQuickShop}
          />
        </li>
      ))}
    </ul>
  );
}
