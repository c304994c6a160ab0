import { type AdminCollectionList, type AdminProductDetail, CURRENCIES } from "@storefront/domain";
import { data } from "react-router";
import { ProductEditor } from "~/features/admin";
import { apiGet } from "~/lib/api.server";
import { rootDataOf } from "~/lib/seo";
import type { Route } from "./+types/admin-product";

export function meta({ data: loaded }: Route.MetaArgs) {
  const title = loaded ? (loaded.product?.title ?? "New product") : "Product not found";
  return [{ title: `${title} | Products | Admin` }, { name: "robots", content: "noindex" }];
}

/** A product to edit; /admin/products/new, one to create. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { collections } = await apiGet<AdminCollectionList>(context, "/api/admin/collections");
  const choices = collections.map(({ id, title }) => ({ id, title }));
  if (params.id === "new") return { product: null, collections: choices };
  const res = await context.api(`/api/admin/products/${encodeURIComponent(params.id)}`);
  if (res.status !== 200) {
    throw data({ message: "Product not found" }, { status: res.status === 400 ? 404 : res.status });
  }
  return { product: res.body as AdminProductDetail, collections: choices };
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
