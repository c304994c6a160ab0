import type { Route } from "../endpoint.ts";

// The store admins' chatbot report (the schemas are in admin-chat.ts).
// One export per route, read as the namespace ADMIN_CHAT_ROUTES: the browser bundles only the
// routes it calls.

export const chats = "GET /api/admin/chats" satisfies Route;
