import { type adminChatEndpoints, ADMIN_CHAT_ROUTES as R } from "@storefront/domain";
import { callOf } from "../api-client";

// Store admins: the chatbot's conversations: see ../api.ts.

type E = typeof adminChatEndpoints;

export const chats = /* @__PURE__ */ callOf<E["chats"]>(R.chats);
