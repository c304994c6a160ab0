import { type adminContentEndpoints, ADMIN_CONTENT_ROUTES as R } from "@storefront/domain";
import { callOf } from "../api-client";

// The store admins' pages, callout, mail sender and chat widget: see ../api.ts.

type E = typeof adminContentEndpoints;

export const pages = /* @__PURE__ */ callOf<E["pages"]>(R.pages);
export const preview = /* @__PURE__ */ callOf<E["preview"]>(R.preview);
export const page = /* @__PURE__ */ callOf<E["page"]>(R.page);
export const savePage = /* @__PURE__ */ callOf<E["savePage"]>(R.savePage);
export const callout = /* @__PURE__ */ callOf<E["callout"]>(R.callout);
export const saveCallout = /* @__PURE__ */ callOf<E["saveCallout"]>(R.saveCallout);
export const mailSender = /* @__PURE__ */ callOf<E["mailSender"]>(R.mailSender);
export const saveMailSender = /* @__PURE__ */ callOf<E["saveMailSender"]>(R.saveMailSender);
export const chatbot = /* @__PURE__ */ callOf<E["chatbot"]>(R.chatbot);
export const saveChatbot = /* @__PURE__ */ callOf<E["saveChatbot"]>(R.saveChatbot);
