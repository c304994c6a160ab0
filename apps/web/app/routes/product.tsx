import { defaultSelection, matchVariant, type Product } from "@storefront/domain";
import { lazy, Suspense, useState } from "react";
import {
  type ShouldRevalidateFunctionArgs,
  useRevalidator,
  useRouteLoaderData,
  useSearchParams,
} from "react-router";
import { Html } from "~/components/html";
import { Price, ProductGallery } from "~/features/catalog";
import { preloadReviewsWidget, ReviewsWidget } from "~/features/reviews";
import * as api from "~/lib/api";
import { forPage, inProcess, unlessRefused } from "~/lib/api.server";
import { productExtras } from "~/lib/product-extras.server";
import { productJsonLd } from "~/lib/product-json-ld.server";
import { sanitizeHtml } from "~/lib/sanitize.server";
import { pageMeta, type RootData, rootDataOf, sharedPageHandle } from "~/lib/seo";
import type { Route } from "./+types/product";

// The purchase box is rendered by the server with the page, so its code is not needed for the
// first paint: it loads apart, as soon as this module runs in the browser (its styles are in
// purchase-options.css, there at first paint).
let purchaseBox: Promise<typeof import("~/features/cart/purchase-box")> | null = null;
const loadPurchaseBox = () => {
  purchaseBox ??= import("~/features/cart/purchase-box");
  return purchaseBox;
};
const PurchaseBox = lazy(loadPurchaseBox);
if (typeof window !== "undefined") void loadPurchaseBox();

export const handle = sharedPageHandle;

// In the browser, the reviews' code starts loading with the page's (it is not in the first load).
if (typeof window !== "undefined") void preloadReviewsWidget();

export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return [{ title: "Product not found" }];
  const root = rootDataOf(matches);
  const { product, canonical } = data;
  const origin = root?.origin ?? "";
  return [
    ...pageMeta({
      title: product.product_title,
      description: product.meta_description,
      canonical,
      store: root?.store,
    }),
    { property: "og:type", content: "product" },
    ...(product.product_urls[0]
      ? [{ property: "og:image", content: `${origin}${product.product_urls[0]}` }]
      : []),
    { "script:ld+json": data.jsonLd },
  ];
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const where = { params: { handle: params.handle } };
  // The first page of reviews renders with the page; if it cannot be read, the page still
  // renders and the browser asks for it.
  const [product, reviews, store] = await Promise.all([
    api.catalog.product({ ...where, via: forPage(context) }),
    unlessRefused(api.reviews.list({ ...where, via: inProcess(context) })),
    api.stores.info({ via: forPage(context) }),
  ]);
  const origin = new URL(request.url).origin;
  const canonical = `${origin}/products/${product.handle}`;
  return {
    product: { ...product, description_html: sanitizeHtml(product.description_html) },
    canonical,
    reviews,
    extras: productExtras(reviews?.summary ?? null, store.ProductTrust, product.currency),
    jsonLd: productJsonLd({ product, reviews, origin, canonical, brandName: store.brandName }),
  };
}

// Choosing a variant only changes ?variant=: the product itself does not need reloading. Any
// other reload of the same URL (a currency switch revalidates every loader) reads it again, so
// its prices are always those the cart will charge.
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const variantOnly =
    currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search;
  if (variantOnly) return false;
  return defaultShouldRevalidate;
}

function initialSelection(product: Product, sku: string | null): Record<string, string> {
  const fromUrl = sku ? product.variants.find((v) => v.sku === sku) : undefined;
  return fromUrl ? { ...fromUrl.product_attributes } : defaultSelection(product.variant_list);
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, reviews, extras } = loaderData;
  const root = useRouteLoaderData<RootData>("root");
  const brandName = root?.store.brandName ?? "the store";
  const [searchParams, setSearchParams] = useSearchParams();
  const revalidator = useRevalidator();
  const [selection, setSelection] = useState(() =>
    initialSelection(product, searchParams.get("variant")),
  );
  // A bundle's one variant is the bundle itself; its shopper fills the slots instead.
  const variant = product.bundle ? product.variants[0] : matchVariant(product.variants, selection);

  function choose(attribute: string, value: string) {
    const next = { ...selection, [attribute]: value };
    setSelection(next);
    const matched = matchVariant(product.variants, next);
    setSearchParams(matched ? { variant: matched.sku } : {}, {
      replace: true,
      preventScrollReset: true,
    });
  }

  return (
    <div className="container product-page">
      <ProductGallery images={product.product_urls} title={product.product_title} />
      <div className="product-info">
        <h1 className="product-title">{product.product_title}</h1>
        <Html className="rating-row" html={extras.rating} />
        <p className="product-price">
          <Price
            amount={variant?.product_price ?? product.product_price}
            currency={product.currency}
          />
        </p>
        <Suspense fallback={null}>
          <PurchaseBox
            product={product}
            variant={variant}
            selection={selection}
            onChoose={choose}
            onPriceChanged={() => void revalidator.revalidate()}
          />
        </Suspense>
        <Html className="trust-row" html={extras.trust} />
        <Html className="rich-text product-description" html={product.description_html} />
      </div>
      <Suspense
        fallback={
          <section className="reviews" aria-busy="true">
            <p className="reviews-state">Loading reviews...</p>
          </section>
        }
      >
        <ReviewsWidget
          key={product.handle}
          handle={product.handle}
          productName={product.product_title}
          brandName={brandName}
          initialPage={reviews}
          ownVotesRendered={root?.personal ?? true}
          reviewToken={searchParams.get("review")}
        />
      </Suspense>
    </div>
  );
}
