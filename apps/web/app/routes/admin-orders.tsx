import { data, redirect, useSearchParams } from "react-router";
import { OrderList } from "~/features/admin";
import * as api from "~/lib/api";
import { inProcess, refusalMessage } from "~/lib/api.server";
import { ApiError } from "~/lib/api-client";
import type { Route } from "./+types/admin-orders";

export function meta() {
  return [{ title: "Orders | Admin" }, { name: "robots", content: "noindex" }];
}

/** The list as the API answers the page's query; a bad filter is shown on the form, not a 404. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = Object.fromEntries(url.searchParams);
  try {
    return { list: await api.adminOrders.list({ query, via: inProcess(context) }), error: null };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 401) {
      throw redirect(`/account/sign-in?next=${encodeURIComponent(url.pathname + url.search)}`);
    }
    const message = refusalMessage(error) ?? "The orders could not be read.";
    if (error.status === 400) return { list: null, error: message };
    throw data({ message }, { status: error.status });
  }
}

export default function AdminOrdersPage({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  return <OrderList list={loaderData.list} params={params} error={loaderData.error} />;
}
