import { adminChatEndpoints as chat } from "@storefront/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../plugins/endpoint.ts";
import { neverCached } from "../../plugins/security-headers.ts";
import { chatReport } from "./service.ts";

// Every route's method, path and schemas are its descriptor's (packages/domain/src/endpoints).

/** The admin routes of this module, registered inside the one /api/admin scope and its guard (app.ts). */
export const chatAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  neverCached(app);

  route(app, chat.chats, async (request) =>
    chatReport(app.db, request.storeId, request.query.days, new Date()),
  );
};
