import type { Route } from "../endpoint.ts";

/**
 * The store admins' content: its pages (a page's name is the path's wildcard, `"*"`), the callout
 * above its header, its mail's sender and its chat widget (the schemas are in admin-content.ts).
 */
export const ADMIN_CONTENT_ROUTES = {
  pages: "GET /api/admin/pages",
  preview: "POST /api/admin/pages/preview",
  page: "GET /api/admin/pages/*",
  savePage: "PUT /api/admin/pages/*",
  callout: "GET /api/admin/callout",
  saveCallout: "PUT /api/admin/callout",
  mailSender: "GET /api/admin/mail-sender",
  saveMailSender: "PUT /api/admin/mail-sender",
  chatbot: "GET /api/admin/chatbot",
  saveChatbot: "PUT /api/admin/chatbot",
} as const satisfies Record<string, Route>;
