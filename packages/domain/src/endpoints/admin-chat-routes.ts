import type { Route } from "../endpoint.ts";

/** The store admins' chatbot report (the schemas are in admin-chat.ts). */
export const ADMIN_CHAT_ROUTES = {
  chats: "GET /api/admin/chats",
} as const satisfies Record<string, Route>;
