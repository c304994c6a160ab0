import type { AbandonedCartPage } from "@storefront/domain";
import { useSearchParams } from "react-router";
import { AbandonedCarts } from "~/features/admin";
import { apiGet } from "~/lib/api.server";
import type { Route } from "./+types/admin-abandoned-carts";

export function meta() {
  return [{ title: "Abandoned carts | Admin" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).search;
  return {
    page: await apiGet<AbandonedCartPage>(
      context,
      `/api/admin/abandoned-carts${search}`,
      "The abandoned carts could not be read.",
    ),
  };
}

export default function AdminAbandonedCartsPage({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  return <AbandonedCarts page={loaderData.page} params={params} />;
}
