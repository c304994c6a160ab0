import { type CalloutUpdate, ChatbotConfigSchema, type MailSender } from "@storefront/domain";
import { StorefrontSettings } from "~/features/admin";
import { apiGet } from "~/lib/api.server";
import type { Route } from "./+types/admin-storefront";

export function meta() {
  return [{ title: "Callout, chat and mail | Admin" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const [callout, chatbot, sender] = await Promise.all([
    apiGet<CalloutUpdate>(context, "/api/admin/callout"),
    apiGet<Record<string, unknown>>(context, "/api/admin/chatbot"),
    apiGet<MailSender>(context, "/api/admin/mail-sender"),
  ]);
  // As the widget reads it: each missing or unusable value the spec's default.
  return { callout, chatbot: ChatbotConfigSchema.parse(chatbot), sender };
}

export default function AdminStorefrontPage({ loaderData }: Route.ComponentProps) {
  return <StorefrontSettings {...loaderData} />;
}
