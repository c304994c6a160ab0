import type { ChatReport } from "@storefront/domain";
import { ChatConversations } from "~/features/admin";
import { apiGet } from "~/lib/api.server";
import type { Route } from "./+types/admin-chats";

export function meta() {
  return [{ title: "Chat conversations | Admin" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).search;
  return {
    report: await apiGet<ChatReport>(
      context,
      `/api/admin/chats${search}`,
      "The conversations could not be read.",
    ),
  };
}

export default function AdminChatsPage({ loaderData }: Route.ComponentProps) {
  return <ChatConversations report={loaderData.report} />;
}
