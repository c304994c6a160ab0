import { type chatEndpoints, CHAT_ROUTES as R } from "@storefront/domain";
import { callOf } from "../api-client";

// The visitor's conversation with the support chatbot: see ../api.ts.

type E = typeof chatEndpoints;

export const conversation = /* @__PURE__ */ callOf<E["conversation"]>(R.conversation);
export const send = /* @__PURE__ */ callOf<E["send"]>(R.send);
export const startOver = /* @__PURE__ */ callOf<E["startOver"]>(R.startOver);
