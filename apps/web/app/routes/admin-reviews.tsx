import type { OwnerReviewPage } from "@storefront/domain";
import { useSearchParams } from "react-router";
import { ReviewModeration } from "~/features/admin";
import { apiGet } from "~/lib/api.server";
import type { Route } from "./+types/admin-reviews";

export function meta() {
  return [{ title: "Reviews | Admin" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const query = Number.isSafeInteger(page) && page > 1 ? `?page=${page}` : "";
  return { page: await apiGet<OwnerReviewPage>(context, `/api/admin/reviews${query}`) };
}

export default function AdminReviewsPage({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  return <ReviewModeration page={loaderData.page} params={params} />;
}
