import type { ChatReport, ErrorBody } from "@storefront/domain";
import { data } from "react-router";
import { ChatConversations } from "~/features/admin";
import type { Route } from "./+types/admin-chats";

export function meta() {
  return [{ title: "Chat conversations | Admin" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const res = await context.api(`/api/admin/chats${new URL(request.url).search}`);
  if (res.status === 200) return { report: res.body as ChatReport };
  const message =
    (res.body as ErrorBody | null)?.error?.message ?? "The conversations could not be read.";
  throw data({ message }, { status: res.status === 400 ? 404 : res.status });
}

export default function AdminChatsPage({ loaderData }: Route.ComponentProps) {
  return <ChatConversations report={loaderData.report} />;
}
