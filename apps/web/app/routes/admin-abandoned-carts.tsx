import { useSearchParams } from "react-router";
import { AbandonedCarts } from "~/features/admin";
import * as api from "~/lib/api";
import { forPage } from "~/lib/api.server";
import type { Route } from "./+types/admin-abandoned-carts";

export function meta() {
  return [{ title: "Abandoned carts | Admin" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = Object.fromEntries(new URL(request.url).searchParams);
  return {
    page: await api.adminAnalytics.abandonedCarts({
      query,
      via: forPage(context, "The abandoned carts could not be read."),
    }),
  };
}

export default function AdminAbandonedCartsPage({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  return <AbandonedCarts page={loaderData.page} params={params} />;
}
