import type { OwnerReviewPage } from "@storefront/domain";
import { useSearchParams } from "react-router";
import { ReviewModeration } from "~/features/admin";
import { apiGet } from "~/lib/api.server";
import type { Route } from "./+types/admin-reviews";

export function meta() {
  return [{ title: "Reviews | Admin" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const page = Number(params.get("page") ?? "1");
  const query = new URLSearchParams();
  if (Number.isSafeInteger(page) && page > 1) query.set("page", String(page));
  if (params.get("reported") === "1") query.set("reported", "1");
  const search = query.toString();
  return {
    page: await apiGet<OwnerReviewPage>(context, `/api/admin/reviews${search ? `?${search}` : ""}`),
  };
}

export default function AdminReviewsPage({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  return <ReviewModeration page={loaderData.page} params={params} />;
}
