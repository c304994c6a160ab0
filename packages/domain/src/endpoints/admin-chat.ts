import { ChatReportQuerySchema, ChatReportSchema } from "../chat-schema.ts";
import { endpoint } from "../endpoint.ts";
import * as ADMIN_CHAT_ROUTES from "./admin-chat-routes.ts";

/** The store admins' chatbot report (modules/chat/admin-routes.ts). */
export const adminChatEndpoints = {
  chats: endpoint(ADMIN_CHAT_ROUTES.chats, {
    tags: ["chat"],
    summary:
      "Store admins: the chatbot's conversations of the last days, newest first, and the questions it passed on",
    query: ChatReportQuerySchema,
    response: { 200: ChatReportSchema },
  }),
};
