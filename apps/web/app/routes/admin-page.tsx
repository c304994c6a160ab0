import { type AdminPage, PageNameSchema } from "@storefront/domain";
import { data } from "react-router";
import { PageEditor } from "~/features/admin";
import * as api from "~/lib/api";
import { inProcess } from "~/lib/api.server";
import { ApiError } from "~/lib/api-client";
import type { Route } from "./+types/admin-page";

export function meta({ data: loaded }: Route.MetaArgs) {
  return [
    { title: loaded ? `${loaded.page.name} | Pages | Admin` : "Page not found | Admin" },
    { name: "robots", content: "noindex" },
  ];
}

/** A page to edit; with ?new=1, a page not yet saved under a name no page has. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const name = (params["*"] ?? "").toLowerCase();
  if (!PageNameSchema.safeParse(name).success || name === "") {
    throw data({ message: "Page not found" }, { status: 404 });
  }
  try {
    const page = await api.adminContent.page({ params: { "*": name }, via: inProcess(context) });
    return { page, isNew: false };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 404 && new URL(request.url).searchParams.get("new") === "1") {
      const page: AdminPage = { name, document: { title: "" }, updatedAt: null };
      return { page, isNew: true };
    }
    throw data({ message: "Page not found" }, { status: error.status });
  }
}

export default function AdminPageEditor({ loaderData }: Route.ComponentProps) {
  // Made anew for another page, so no draft is carried from one page to the next.
  return <PageEditor key={loaderData.page.name} page={loaderData.page} isNew={loaderData.isNew} />;
}
