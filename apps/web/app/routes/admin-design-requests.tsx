import { data, useSearchParams } from "react-router";
import { DesignRequests } from "~/features/admin";
import * as api from "~/lib/api";
import { forPage } from "~/lib/api.server";
import type { Route } from "./+types/admin-design-requests";

const PER_PAGE = 25;

export function meta() {
  return [{ title: "Garden design requests | Admin" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const pageText = new URL(request.url).searchParams.get("page") ?? "1";
  if (!/^[1-9]\d{0,4}$/.test(pageText)) throw data({ message: "Page not found" }, { status: 404 });
  const page = Number(pageText);
  // One more than a page: whether another page follows.
  const { requests } = await api.adminDesignRequests.list({
    query: { limit: PER_PAGE + 1, offset: (page - 1) * PER_PAGE },
    via: forPage(context),
  });
  return { requests: requests.slice(0, PER_PAGE), page, hasNext: requests.length > PER_PAGE };
}

export default function AdminDesignRequestsPage({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  return <DesignRequests {...loaderData} params={params} />;
}
