import { useSearchParams } from "react-router";
import { ProductList } from "~/features/admin";
import * as api from "~/lib/api";
import { forPage } from "~/lib/api.server";
import type { Route } from "./+types/admin-products";

export function meta() {
  return [{ title: "Products | Admin" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  // The page's query as it is: the API checks it.
  const query = Object.fromEntries(new URL(request.url).searchParams);
  return {
    list: await api.adminCatalog.products({
      query,
      via: forPage(context, "The products could not be read."),
    }),
  };
}

export default function AdminProductsPage({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  return <ProductList list={loaderData.list} params={params} />;
}
