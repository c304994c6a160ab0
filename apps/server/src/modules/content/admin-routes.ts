import { adminContentEndpoints as adminContent } from "@storefront/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { adminActor } from "../../plugins/auth.ts";
import { route } from "../../plugins/endpoint.ts";
import { neverCached } from "../../plugins/security-headers.ts";
import {
  listAdminPages,
  previewPage,
  readAdminPage,
  readCallout,
  readChatbotSettings,
  readMailSender,
  saveAdminPage,
  saveCallout,
  saveChatbotSettings,
  saveMailSender,
} from "./admin-content.ts";
import { documentName } from "./routes.ts";

// Every route's method, path and schemas are its descriptor's (packages/domain/src/endpoints).

/** A page's JSON may be up to ADMIN_CONTENT_LIMITS.pageJson characters, escaped: room for it. */
const PAGE_BODY_LIMIT = 1024 * 1024;

/** The store's admins edit its pages, the callout above its header and its chat widget. */
export const contentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  neverCached(app);

  route(app, adminContent.pages, async (request) => listAdminPages(app.db, request.storeId));

  route(
    app,
    adminContent.preview,
    async (request) => ({
      document: await previewPage(app.db, request.storeId, request.body.document),
    }),
    { bodyLimit: PAGE_BODY_LIMIT },
  );

  route(app, adminContent.page, async (request) =>
    readAdminPage(app.db, request.storeId, documentName(request.params["*"], "")),
  );

  route(
    app,
    adminContent.savePage,
    async (request) =>
      saveAdminPage(
        app.db,
        request.storeId,
        documentName(request.params["*"], ""),
        request.body,
        await adminActor(request),
      ),
    { bodyLimit: PAGE_BODY_LIMIT },
  );

  route(app, adminContent.callout, async (request) => readCallout(app.db, request.storeId));

  route(app, adminContent.saveCallout, async (request) =>
    saveCallout(app.db, request.storeId, request.body, await adminActor(request)),
  );

  route(app, adminContent.mailSender, async (request) =>
    readMailSender(app.db, request.storeId, app.config.mailFrom),
  );

  route(app, adminContent.saveMailSender, async (request) =>
    saveMailSender(
      app.db,
      request.storeId,
      request.body,
      await adminActor(request),
      app.config.mailFrom,
    ),
  );

  route(app, adminContent.chatbot, async (request) => readChatbotSettings(app.db, request.storeId));

  route(app, adminContent.saveChatbot, async (request) =>
    saveChatbotSettings(app.db, request.storeId, request.body, await adminActor(request)),
  );
};
