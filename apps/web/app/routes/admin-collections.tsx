import type { AdminCollectionList } from "@storefront/domain";
import { CollectionEditor } from "~/features/admin";
import { apiGet } from "~/lib/api.server";
import type { Route } from "./+types/admin-collections";

export function meta() {
  return [{ title: "Collections | Admin" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  return { list: await apiGet<AdminCollectionList>(context, "/api/admin/collections") };
}

export default function AdminCollectionsPage({ loaderData }: Route.ComponentProps) {
  return <CollectionEditor list={loaderData.list} />;
}
