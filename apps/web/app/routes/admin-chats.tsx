import { ChatConversations } from "~/features/admin";
import * as api from "~/lib/api";
import { forPage } from "~/lib/api.server";
import type { Route } from "./+types/admin-chats";

export function meta() {
  return [{ title: "Chat conversations | Admin" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = Object.fromEntries(new URL(request.url).searchParams);
  return {
    report: await api.adminChat.chats({
      query,
      via: forPage(context, "The conversations could not be read."),
    }),
  };
}

export default function AdminChatsPage({ loaderData }: Route.ComponentProps) {
  return <ChatConversations report={loaderData.report} />;
}
