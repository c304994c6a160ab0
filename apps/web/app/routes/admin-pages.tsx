import { PageList } from "~/features/admin";
import * as api from "~/lib/api";
import { forPage } from "~/lib/api.server";
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
