import { PageList } from "~/features/admin";
import { forPage } from "~/lib/api.server";
import * as api from "~/lib/api-admin";
import type { Route } from "./+types/admin-pages";

export function meta() {
  return [{ title: "Pages | Admin" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  return { list: await api.adminContent.pages({ via: forPage(context) }) };
}

export default function AdminPagesPage({ loaderData }: Route.ComponentProps) {
  return <PageList list={loaderData.list} />;
}
