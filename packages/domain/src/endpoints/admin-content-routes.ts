import type { Route } from "../endpoint.ts";

// The store admins' content: its pages (a page's name is the path's wildcard, `"*"`), the callout
// above its header, its mail's sender and its chat widget (the schemas are in admin-content.ts).
// One export per route, read as the namespace ADMIN_CONTENT_ROUTES: the browser bundles only the
// routes it calls.

export const pages = "GET /api/admin/pages" satisfies Route;
export const preview = "POST /api/admin/pages/preview" satisfies Route;
export const page = "GET /api/admin/pages/*" satisfies Route;
export const savePage = "PUT /api/admin/pages/*" satisfies Route;
export const callout = "GET /api/admin/callout" satisfies Route;
export const saveCallout = "PUT /api/admin/callout" satisfies Route;
export const mailSender = "GET /api/admin/mail-sender" satisfies Route;
export const saveMailSender = "PUT /api/admin/mail-sender" satisfies Route;
export const chatbot = "GET /api/admin/chatbot" satisfies Route;
export const saveChatbot = "PUT /api/admin/chatbot" satisfies Route;
