import { CollectionEditor } from "~/features/admin";
import * as api from "~/lib/api";
import { forPage } from "~/lib/api.server";
import type { Route } from "./+types/admin-collections";

export function meta() {
  return [{ title: "Collections | Admin" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  return { list: await api.adminCatalog.collections({ via: forPage(context) }) };
}

export default function AdminCollectionsPage({ loaderData }: Route.ComponentProps) {
  return <CollectionEditor list={loaderData.list} />;
}
