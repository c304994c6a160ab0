import type { Route } from "../endpoint.ts";

// The store's documents as the storefront reads them: a page (`/data/master/homepage.json`) and
// a layout (`/data/layout/chatbot.json`); `*` is the file's name (the schemas are in content.ts).
// One export per route, read as the namespace CONTENT_ROUTES: the browser bundles only the
// routes it calls.

export const page = "GET /data/master/*" satisfies Route;
export const layout = "GET /data/layout/*" satisfies Route;
