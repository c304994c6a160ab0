import type { AdminPageList } from "@storefront/domain";
import { PageList } from "~/features/admin";
import { apiGet } from "~/lib/api.server";
import type { Route } from "./+types/admin-pages";

export function meta() {
  return [{ title: "Pages | Admin" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  return { list: await apiGet<AdminPageList>(context, "/api/admin/pages") };
}

export default function AdminPagesPage({ loaderData }: Route.ComponentProps) {
  return <PageList list={loaderData.list} />;
}
