import {
  CHAT_MESSAGES,
  type ChatbotConfig,
  ChatbotConfigSchema,
  type ChatConversation,
  DEFAULT_CHATBOT_CONFIG,
} from "@storefront/domain";
import { apiRequest } from "~/lib/api-client";

/** The visitor's open conversation (GET /api/chat): the greeting alone when they have none. */
export function loadConversation(): Promise<ChatConversation> {
  return apiRequest<ChatConversation>("GET", "/api/chat");
}

/** Sends a message, or a quick action by its id; answers the messages added (theirs, the bot's). */
export function sendChatMessage(message: string, messageId?: string): Promise<ChatConversation> {
  return apiRequest<ChatConversation>("POST", "/api/chat", {
    message,
    ...(messageId ? { messageId } : {}),
  });
}

/** "Start over": the conversation ends; answers the greeting. */
export function startOver(): Promise<ChatConversation> {
  return apiRequest<ChatConversation>("DELETE", "/api/chat");
}

let config: Promise<ChatbotConfig> | null = null;

/**
 * The store's chatbot config (spec: loaded once from a static file), every colour checked; on a
 * failure the defaults, with the spec's warning.
 */
export function chatbotConfig(): Promise<ChatbotConfig> {
  config ??= fetch("/data/layout/chatbot.json", { credentials: "same-origin" })
    .then(async (res) => {
      if (!res.ok) throw new Error(`chatbot config: ${res.status}`);
      return ChatbotConfigSchema.parse(await res.json());
    })
    .catch(() => {
      console.warn(CHAT_MESSAGES.configFailed);
      return DEFAULT_CHATBOT_CONFIG;
    });
  return config;
}
