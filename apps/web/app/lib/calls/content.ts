import { type contentEndpoints, CONTENT_ROUTES as R } from "@storefront/domain";
import { callOf } from "../api-client";

// The store's documents: pages and layouts (the chatbot's): see ../api.ts.

type E = typeof contentEndpoints;

export const page = /* @__PURE__ */ callOf<E["page"]>(R.page);
export const layout = /* @__PURE__ */ callOf<E["layout"]>(R.layout);
