import type { Route } from "../endpoint.ts";

/**
 * The store's documents as the storefront reads them: a page (`/data/master/homepage.json`) and
 * a layout (`/data/layout/chatbot.json`); `*` is the file's name (the schemas are in content.ts).
 */
export const CONTENT_ROUTES = {
  page: "GET /data/master/*",
  layout: "GET /data/layout/*",
} as const satisfies Record<string, Route>;
