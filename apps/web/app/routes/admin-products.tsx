import type { AdminProductList, ErrorBody } from "@storefront/domain";
import { data, useSearchParams } from "react-router";
import { ProductList } from "~/features/admin";
import type { Route } from "./+types/admin-products";

export function meta() {
  return [{ title: "Products | Admin" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const res = await context.api(`/api/admin/products${new URL(request.url).search}`);
  if (res.status === 200) return { list: res.body as AdminProductList };
  const message =
    (res.body as ErrorBody | null)?.error?.message ?? "The products could not be read.";
  throw data({ message }, { status: res.status === 400 ? 404 : res.status });
}

export default function AdminProductsPage({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  return <ProductList list={loaderData.list} params={params} />;
}
