import type { Route } from "../endpoint.ts";

// The visitor's conversation with the support chatbot (the schemas are in chat.ts).
// One export per route, read as the namespace CHAT_ROUTES: the browser bundles only the
// routes it calls.

export const conversation = "GET /api/chat" satisfies Route;
export const send = "POST /api/chat" satisfies Route;
export const startOver = "DELETE /api/chat" satisfies Route;
