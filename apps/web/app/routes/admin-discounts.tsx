import { useSearchParams } from "react-router";
import { DiscountList } from "~/features/admin";
import * as api from "~/lib/api";
import { forPage } from "~/lib/api.server";
import type { Route } from "./+types/admin-discounts";

export function meta() {
  return [{ title: "Discount codes | Admin" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  // The page's query as it is: the API checks it.
  const query = Object.fromEntries(new URL(request.url).searchParams);
  return {
    list: await api.adminDiscounts.list({
      query,
      via: forPage(context, "The discount codes could not be read."),
    }),
  };
}

export default function AdminDiscountsPage({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  return <DiscountList list={loaderData.list} params={params} />;
}
