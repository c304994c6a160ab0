import { CHAT_ROUTES, type chatEndpoints } from "@storefront/domain";
import { clientOf } from "../api-client";

/** The visitor's conversation with the support chatbot. */
export const chat = /* @__PURE__ */ clientOf<typeof chatEndpoints>(CHAT_ROUTES);
