import { ChatConversationSchema, ChatRequestSchema } from "../chat-schema.ts";
import { endpoint } from "../endpoint.ts";
import * as CHAT_ROUTES from "./chat-routes.ts";

/** Every call answers messages; the OpenAPI document lists them under "chat". */
const chat = { tags: ["chat"], response: { 200: ChatConversationSchema } };

/** The chatbot's public endpoints (registered by modules/chat/routes.ts). */
export const chatEndpoints = {
  conversation: endpoint(CHAT_ROUTES.conversation, {
    ...chat,
    summary:
      "The visitor's open conversation with the support chatbot (the greeting alone when none)",
  }),
  send: endpoint(CHAT_ROUTES.send, {
    ...chat,
    summary:
      "Sends the visitor's message (or a quick action of the store's chatbot config) and answers the messages added: theirs and the bot's, from the store's catalogue, orders, codes and pages",
    body: ChatRequestSchema,
  }),
  startOver: endpoint(CHAT_ROUTES.startOver, {
    ...chat,
    summary:
      "Start over: ends the visitor's conversation (kept for the store) and answers the greeting",
  }),
};
