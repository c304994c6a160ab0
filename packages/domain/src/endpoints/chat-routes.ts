import type { Route } from "../endpoint.ts";

/** The visitor's conversation with the support chatbot (the schemas are in chat.ts). */
export const CHAT_ROUTES = {
  conversation: "GET /api/chat",
  send: "POST /api/chat",
  startOver: "DELETE /api/chat",
} as const satisfies Record<string, Route>;
