import {
  CHAT_MESSAGES,
  type ChatbotConfig,
  ChatbotConfigSchema,
  DEFAULT_CHATBOT_CONFIG,
} from "@storefront/domain";
import * as api from "~/lib/api";

let config: Promise<ChatbotConfig> | null = null;

/**
 * The store's chatbot config (spec: loaded once from a static file), every colour checked; on a
 * failure the defaults, with the spec's warning.
 */
export function chatbotConfig(): Promise<ChatbotConfig> {
  config ??= api.content
    .layout({ params: { "*": "chatbot.json" } })
    .then((layout) => ChatbotConfigSchema.parse(layout))
    .catch(() => {
      console.warn(CHAT_MESSAGES.configFailed);
      return DEFAULT_CHATBOT_CONFIG;
    });
  return config;
}
