import { CURRENCIES } from "@storefront/domain";
import { data } from "react-router";
import { ProductEditor } from "~/features/admin";
import * as api from "~/lib/api";
import { forPage, inProcess } from "~/lib/api.server";
import { ApiError } from "~/lib/api-client";
import { rootDataOf } from "~/lib/seo";
import type { Route } from "./+types/admin-product";

export function meta({ data: loaded }: Route.MetaArgs) {
  const title = loaded ? (loaded.product?.title ?? "New product") : "Product not found";
  return [{ title: `${title} | Products | Admin` }, { name: "robots", content: "noindex" }];
}

/** A product to edit; /admin/products/new, one to create. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { collections } = await api.adminCatalog.collections({ via: forPage(context) });
  const choices = collections.map(({ id, title }) => ({ id, title }));
  if (params.id === "new") return { product: null, collections: choices };
  const product = await api.adminCatalog
    .product({ params: { id: params.id }, via: inProcess(context) })
    .catch((error: unknown) => {
      if (!(error instanceof ApiError)) throw error;
      // A malformed id is a product that does not exist.
      throw data(
        { message: "Product not found" },
        { status: error.status === 400 ? 404 : error.status },
      );
    });
  return { product, collections: choices };
}

export default function AdminProductPage({ loaderData, matches }: Route.ComponentProps) {
  const currencies = rootDataOf(matches)?.store.currencies ?? CURRENCIES;
  // Made anew for another product, so no draft is carried from one to the next.
  return (
    <ProductEditor
      key={loaderData.product?.id ?? "new"}
      product={loaderData.product}
      collections={loaderData.collections}
      currencies={currencies}
    />
  );
}
