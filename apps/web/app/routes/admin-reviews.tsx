import { useSearchParams } from "react-router";
import { ReviewModeration } from "~/features/admin";
import * as api from "~/lib/api";
import { forPage } from "~/lib/api.server";
import type { Route } from "./+types/admin-reviews";

export function meta() {
  return [{ title: "Reviews | Admin" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const page = Number(params.get("page") ?? "1");
  const reported: "1" | undefined = params.get("reported") === "1" ? "1" : undefined;
  const query = { page: Number.isSafeInteger(page) && page > 1 ? page : undefined, reported };
  return { page: await api.adminReviews.list({ query, via: forPage(context) }) };
}

export default function AdminReviewsPage({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  return <ReviewModeration page={loaderData.page} params={params} />;
}
