import { type CollectionView, PRODUCT_FACETS, type ProductFacet } from "@storefront/domain";
import { useEffect, useRef } from "react";
import { data, Link, useLocation } from "react-router";
import { CollectionControls, ProductGrid } from "~/features/catalog";
import { useQuickView } from "~/features/quick-view";
import * as api from "~/lib/api";
import { answerOrRefusal, inProcess } from "~/lib/api.server";
import { pageMeta, rootDataOf, sharedPageHandle } from "~/lib/seo";
import type { Route } from "./+types/collection";

/** GET /api/collections/{handle}, as the domain's contract says. */
type Collection = CollectionView;

const FACETS = Object.keys(PRODUCT_FACETS) as ProductFacet[];
/** The query parameters of a collection page: its sort and its filters. */
const PARAMS = ["sort", ...FACETS];

/** Shared between visitors, and kept per sort and filter (apps/server/src/web.ts). */
export const handle = { ...sharedPageHandle, sharedParams: PARAMS };

const INVALID_LINK = "This collection link is not valid";

/** The labels of the values the shopper filtered by ("Dogs"), for the title. */
function chosenLabels(collection: Collection): string[] {
  return collection.filters.flatMap(
    (f) => f.options.find((o) => o.value === f.selected)?.label ?? [],
  );
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Collection not found" }];
  if ("invalid" in loaderData) {
    return [{ title: INVALID_LINK }, { name: "robots", content: "noindex" }];
  }
  const { collection } = loaderData;
  const chosen = chosenLabels(collection);
  return pageMeta({
    title: chosen.length > 0 ? `${collection.title}: ${chosen.join(", ")}` : collection.title,
    description: collection.description,
    canonical: loaderData.canonical,
    store: rootDataOf(matches)?.store,
  });
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // The sort and filters as the URL has them; an empty one (the form sent without JavaScript)
  // is none. The API checks them.
  const asked = new URLSearchParams(
    PARAMS.flatMap((name) => {
      const value = url.searchParams.get(name);
      return value ? [[name, value]] : [];
    }),
  );
  // The URL's values as they are, unchecked: the API checks them, and its refusal is this page's.
  const query = Object.fromEntries(asked);
  const answer = await answerOrRefusal(
    api.catalog.collection({ params: { handle: params.handle }, query, via: inProcess(context) }),
    asked.size > 0,
  );
  // A link with a sort or filter the API refuses: a 400 page saying why, with the way back.
  if ("refused" in answer) return data({ invalid: answer.refused, path: url.pathname }, 400);
  const collection = answer.answer;
  // A filtered view is a page of its own; another order of the same products is not.
  const filtered = new URLSearchParams(
    FACETS.flatMap((facet) => {
      const value = asked.get(facet);
      return value ? [[facet, value]] : [];
    }),
  );
  return {
    collection,
    canonical: `${url.origin}/collections/${collection.handle}${filtered.size > 0 ? `?${filtered}` : ""}`,
  };
}

export default function CollectionPage({ loaderData }: Route.ComponentProps) {
  const openQuickView = useQuickView((s) => s.open);
  // "Show all" goes away with the list it stood for: the focus moves to the new count.
  const count = useRef<HTMLParagraphElement>(null);
  const location = useLocation();
  useEffect(() => {
    if ((location.state as { focus?: string } | null)?.focus === "count") count.current?.focus();
  }, [location]);
  if ("invalid" in loaderData) {
    return (
      <div className="container collection-page">
        <h1 className="page-title">{INVALID_LINK}</h1>
        <p className="collection-description">{loaderData.invalid}</p>
        <p className="collection-empty">
          <Link to={loaderData.path}>See the whole collection</Link>
        </p>
      </div>
    );
  }
  const { collection } = loaderData;
  const shown = collection.products.length;
  const filtered = collection.filters.some((f) => f.selected !== null);
  return (
    <div className="container collection-page">
      <h1 className="page-title">{collection.title}</h1>
      <p className="collection-description">{collection.description}</p>
      <div className="collection-toolbar">
        <p className="collection-count" role="status" ref={count} tabIndex={-1}>
          {filtered
            ? `Showing ${shown} of ${collection.total} ${collection.total === 1 ? "product" : "products"}`
            : `${shown} ${shown === 1 ? "product" : "products"}`}
        </p>
        {collection.total > 1 || filtered ? (
          <CollectionControls filters={collection.filters} sort={collection.sort} />
        ) : null}
      </div>
      {shown > 0 ? (
        <ProductGrid
          products={collection.products}
          eagerCount={2}
          headingLevel={2}
          onQuickShop={openQuickView}
        />
      ) : filtered ? (
        <p className="collection-empty">
          No products match these filters.{" "}
          <Link
            to={collection.sort === "featured" ? "." : `?sort=${collection.sort}`}
            state={{ focus: "count" }}
            preventScrollReset
          >
            Show all {collection.total} products
          </Link>
        </p>
      ) : (
        <p>No products in this collection yet.</p>
      )}
    </div>
  );
}
