import type { AdminDiscountList, ErrorBody } from "@storefront/domain";
import { data, useSearchParams } from "react-router";
import { DiscountList } from "~/features/admin";
import type { Route } from "./+types/admin-discounts";

export function meta() {
  return [{ title: "Discount codes | Admin" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const res = await context.api(`/api/admin/discounts${new URL(request.url).search}`);
  if (res.status === 200) return { list: res.body as AdminDiscountList };
  const message =
    (res.body as ErrorBody | null)?.error?.message ?? "The discount codes could not be read.";
  throw data({ message }, { status: res.status === 400 ? 404 : res.status });
}

export default function AdminDiscountsPage({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  return <DiscountList list={loaderData.list} params={params} />;
}
