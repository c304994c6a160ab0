import type { AdminOrderList, ErrorBody } from "@storefront/domain";
import { data, redirect, useSearchParams } from "react-router";
import { OrderList } from "~/features/admin";
import type { Route } from "./+types/admin-orders";

export function meta() {
  return [{ title: "Orders | Admin" }, { name: "robots", content: "noindex" }];
}

/** The list as the API answers the page's query; a bad filter is shown on the form, not a 404. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const res = await context.api(`/api/admin/orders${url.search}`);
  if (res.status === 200) return { list: res.body as AdminOrderList, error: null };
  if (res.status === 401) {
    throw redirect(`/account/sign-in?next=${encodeURIComponent(url.pathname + url.search)}`);
  }
  const message = (res.body as ErrorBody | null)?.error?.message ?? "The orders could not be read.";
  if (res.status === 400) return { list: null, error: message };
  throw data({ message }, { status: res.status });
}

export default function AdminOrdersPage({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  return <OrderList list={loaderData.list} params={params} error={loaderData.error} />;
}
