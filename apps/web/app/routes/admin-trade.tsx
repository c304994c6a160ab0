import type { StoredTradeApplication } from "@storefront/domain";
import { TradeApplications } from "~/features/admin";
import { apiGet } from "~/lib/api.server";
import type { Route } from "./+types/admin-trade";

export function meta() {
  return [{ title: "Trade applications | Admin" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { applications } = await apiGet<{ applications: StoredTradeApplication[] }>(
    context,
    "/api/admin/wholesale-applications?limit=200",
  );
  return { applications };
}

export default function AdminTradePage({ loaderData }: Route.ComponentProps) {
  return <TradeApplications applications={loaderData.applications} />;
}
