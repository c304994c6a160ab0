import { TradeApplications } from "~/features/admin";
import * as api from "~/lib/api";
import { forPage } from "~/lib/api.server";
import type { Route } from "./+types/admin-trade";

export function meta() {
  return [{ title: "Trade applications | Admin" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { applications } = await api.adminTrade.applications({
    query: { limit: 200 },
    via: forPage(context),
  });
  return { applications };
}

export default function AdminTradePage({ loaderData }: Route.ComponentProps) {
  return <TradeApplications applications={loaderData.applications} />;
}
