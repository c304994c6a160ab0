import { CONTENT_ROUTES, type contentEndpoints } from "@storefront/domain";
import { clientOf } from "../api-client";

/** The store's documents: pages and layouts (the chatbot's). */
export const content = /* @__PURE__ */ clientOf<typeof contentEndpoints>(CONTENT_ROUTES);
