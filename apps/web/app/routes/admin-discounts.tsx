import type { AdminDiscountList } from "@storefront/domain";
import { useSearchParams } from "react-router";
import { DiscountList } from "~/features/admin";
import { apiGet } from "~/lib/api.server";
import type { Route } from "./+types/admin-discounts";

export function meta() {
  return [{ title: "Discount codes | Admin" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).search;
  return {
    list: await apiGet<AdminDiscountList>(
      context,
      `/api/admin/discounts${search}`,
      "The discount codes could not be read.",
    ),
  };
}

export default function AdminDiscountsPage({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  return <DiscountList list={loaderData.list} params={params} />;
}
