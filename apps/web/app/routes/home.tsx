import type { PageDocument, ProductCard } from "@storefront/domain";
import { ProductGrid } from "~/features/catalog";
import { StaticPageView } from "~/features/content";
import { useQuickView } from "~/features/quick-view";
import { apiGet } from "~/lib/api.server";
import { sanitizePage } from "~/lib/sanitize.server";
import { excerpt, pageMeta, rootDataOf } from "~/lib/seo";
import type { Route } from "./+types/home";

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
    apiGet<PageDocument>(context, "/data/master/homepage.json"),
    apiGet<{ products: ProductCard[] }>(context, "/api/products"),
  ]);
  return { page: sanitizePage(page), products: catalog.products };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const openQuickView = useQuickView((s) => s.open);
  const { page, products } = loaderData;
  return (
    <>
      <StaticPageView state={{ status: "ready", name: "homepage", page }} />
      {products.length > 0 ? (
        <section className="container home-products" aria-labelledby="home-products-title">
          <h2 id="home-products-title">Shop by condition</h2>
          <ProductGrid products={products} onQuickShop={openQuickView} />
        </section>
      ) : null}
    </>
  );
}
