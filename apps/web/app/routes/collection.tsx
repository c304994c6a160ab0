import type { CollectionView } from "@storefront/domain";
import { ProductGrid } from "~/features/catalog";
import { useQuickView } from "~/features/quick-view";
import { apiGet } from "~/lib/api.server";
import { pageMeta, rootDataOf, sharedPageHandle } from "~/lib/seo";
import type { Route } from "./+types/collection";

export const handle = sharedPageHandle;

/** GET /api/collections/{handle}, as the domain's contract says. */
type Collection = CollectionView;

export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return [{ title: "Collection not found" }];
  return pageMeta({
    title: data.collection.title,
    description: data.collection.description,
    canonical: data.canonical,
    store: rootDataOf(matches)?.store,
  });
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const handle = encodeURIComponent(params.handle);
  const collection = await apiGet<Collection>(context, `/api/collections/${handle}`);
  return {
    collection,
    canonical: `${new URL(request.url).origin}/collections/${collection.handle}`,
  };
}

export default function CollectionPage({ loaderData }: Route.ComponentProps) {
  const openQuickView = useQuickView((s) => s.open);
  const { collection } = loaderData;
  return (
    <div className="container collection-page">
      <h1 className="page-title">{collection.title}</h1>
      <p className="collection-description">{collection.description}</p>
      {collection.products.length > 0 ? (
        <ProductGrid
          products={collection.products}
          eagerCount={2}
          headingLevel={2}
          onQuickShop={openQuickView}
        />
      ) : (
        <p>No products in this collection yet.</p>
      )}
    </div>
  );
}
