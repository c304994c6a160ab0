import { pageHasWidget } from "@storefront/domain";
import { lazy, Suspense } from "react";
import { useStoreId } from "~/features/account";
import { ProductGrid } from "~/features/catalog";
import { StaticPageView } from "~/features/content";
import { useQuickView } from "~/features/quick-view";
import * as api from "~/lib/api";
import { forPage } from "~/lib/api.server";
import { sanitizePage } from "~/lib/sanitize.server";
import { excerpt, pageMeta, rootDataOf, sharedPageHandle } from "~/lib/seo";
import type { Route } from "./+types/home";

export const handle = sharedPageHandle;

// Only stores whose home page carries the Garden Design Form load its code (about 30 KB
// gzipped, mostly zod). The server renders it in full; the browser hydrates it once loaded.
const GardenDesignForm = lazy(() =>
  import("~/features/garden-design").then((m) => ({ default: m.GardenDesignForm })),
);

export function meta({ data, matches }: Route.MetaArgs) {
  const store = rootDataOf(matches)?.store;
  const page = data?.page;
  return pageMeta({
    title: store?.brandName ?? "Home",
    description: page?.metaDescription ?? excerpt(store?.brandDescription ?? ""),
    canonical: `${rootDataOf(matches)?.origin ?? ""}/`,
    store,
  });
}

export async function loader({ context }: Route.LoaderArgs) {
  const [page, catalog] = await Promise.all([
    api.content.page({ params: { "*": "homepage.json" }, via: forPage(context) }),
    api.catalog.products({ via: forPage(context) }),
  ]);
  return { page: sanitizePage(page), products: catalog.products };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const openQuickView = useQuickView((s) => s.open);
  const storeId = useStoreId();
  const { page, products } = loaderData;
  return (
    <>
      <StaticPageView
        state={{ status: "ready", name: "homepage", page }}
        widgets={{
          "garden-design-form": (
            <Suspense fallback={null}>
              <GardenDesignForm storeId={storeId} />
            </Suspense>
          ),
          // Where the page places it, under the heading the page gives it.
          // A new store has none yet: its shoppers are told so, not shown an empty heading.
          products:
            products.length > 0 ? (
              <ProductGrid products={products} onQuickShop={openQuickView} />
            ) : (
              <p className="collection-empty">No products yet. Please check back soon.</p>
            ),
        }}
      />
      {/* A home page that does not place them still shows the store's products, after it. */}
      {products.length > 0 && !pageHasWidget(page, "products") ? (
        <section
          className="container section section-widget section-widget-products"
          aria-labelledby="home-products-title"
        >
          <h2 id="home-products-title" className="section-title">
            Our products
          </h2>
          <ProductGrid products={products} onQuickShop={openQuickView} />
        </section>
      ) : null}
    </>
  );
}
