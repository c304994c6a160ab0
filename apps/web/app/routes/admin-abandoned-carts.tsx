import type { AbandonedCartPage, ErrorBody } from "@storefront/domain";
import { data, useSearchParams } from "react-router";
import { AbandonedCarts } from "~/features/admin";
import type { Route } from "./+types/admin-abandoned-carts";

export function meta() {
  return [{ title: "Abandoned carts | Admin" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const res = await context.api(`/api/admin/abandoned-carts${new URL(request.url).search}`);
  if (res.status === 200) return { page: res.body as AbandonedCartPage };
  const message =
    (res.body as ErrorBody | null)?.error?.message ?? "The abandoned carts could not be read.";
  throw data({ message }, { status: res.status === 400 ? 404 : res.status });
}

export default function AdminAbandonedCartsPage({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  return <AbandonedCarts page={loaderData.page} params={params} />;
}
