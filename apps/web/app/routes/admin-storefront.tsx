import { ChatbotConfigSchema } from "@storefront/domain";
import { StorefrontSettings } from "~/features/admin";
import * as api from "~/lib/api";
import { forPage } from "~/lib/api.server";
import type { Route } from "./+types/admin-storefront";

export function meta() {
  return [{ title: "Callout, chat and mail | Admin" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const [callout, chatbot, sender] = await Promise.all([
    api.adminContent.callout({ via: forPage(context) }),
    api.adminContent.chatbot({ via: forPage(context) }),
    api.adminContent.mailSender({ via: forPage(context) }),
  ]);
  // As the widget reads it: each missing or unusable value the spec's default.
  return { callout, chatbot: ChatbotConfigSchema.parse(chatbot), sender };
}

export default function AdminStorefrontPage({ loaderData }: Route.ComponentProps) {
  return <StorefrontSettings {...loaderData} />;
}
