import { type CalloutUpdate, ChatbotConfigSchema } from "@storefront/domain";
import { StorefrontSettings } from "~/features/admin";
import { apiGet } from "~/lib/api.server";
import type { Route } from "./+types/admin-storefront";

export function meta() {
  return [{ title: "Callout and chat | Admin" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const [callout, chatbot] = await Promise.all([
    apiGet<CalloutUpdate>(context, "/api/admin/callout"),
    apiGet<Record<string, unknown>>(context, "/api/admin/chatbot"),
  ]);
  // As the widget reads it: each missing or unusable value the spec's default.
  return { callout, chatbot: ChatbotConfigSchema.parse(chatbot) };
}

export default function AdminStorefrontPage({ loaderData }: Route.ComponentProps) {
  return <StorefrontSettings {...loaderData} />;
}
