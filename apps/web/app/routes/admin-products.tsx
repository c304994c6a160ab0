import type { AdminProductList } from "@storefront/domain";
import { useSearchParams } from "react-router";
import { ProductList } from "~/features/admin";
import { apiGet } from "~/lib/api.server";
import type { Route } from "./+types/admin-products";

export function meta() {
  return [{ title: "Products | Admin" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).search;
  return {
    list: await apiGet<AdminProductList>(
      context,
      `/api/admin/products${search}`,
      "The products could not be read.",
    ),
  };
}

export default function AdminProductsPage({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  return <ProductList list={loaderData.list} params={params} />;
}
