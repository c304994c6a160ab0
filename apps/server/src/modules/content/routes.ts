import {
  AdminPageListSchema,
  AdminPageSchema,
  CalloutUpdateSchema,
  ChatbotUpdateSchema,
  CONTENT_MESSAGES,
  ContentDocumentSchema,
  contentEndpoints as content,
  DomainError,
  MailSenderSchema,
  MailSenderUpdateSchema,
  PageDocumentSchema,
  PageNameSchema,
  PagePreviewRequestSchema,
  PageSaveRequestSchema,
  TopCallOutSchema,
} from "@storefront/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminActor } from "../../plugins/auth.ts";
import { endpointRead, route } from "../../plugins/endpoint.ts";
import { registerPageRead } from "../../plugins/page-reads.ts";
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
import { getDocument } from "./service.ts";

/** `/data/master/HomePage.json` → "homepage"; an empty name is the home page. */
function documentName(raw: string, fallback: string): string {
  const name = raw === "" ? fallback : raw;
  const parsed = PageNameSchema.safeParse(name);
  if (!parsed.success) {
    throw new DomainError(
      "invalid",
      parsed.error.issues[0]?.message ?? CONTENT_MESSAGES.invalidName,
    );
  }
  return parsed.data;
}

export const pageDocumentRead = endpointRead(content.page, {
  read: (request, { params }) =>
    getDocument(
      request.server.db,
      request.storeId,
      "master",
      documentName(params["*"], "homepage"),
    ),
});

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  registerPageRead(app, pageDocumentRead);

  route(app, content.layout, async (request) =>
    getDocument(app.db, request.storeId, "layout", documentName(request.params["*"], "")),
  );
};

const PageParams = z.object({ "*": z.string().transform((name) => name.toLowerCase()) });

/** A page's JSON may be up to ADMIN_CONTENT_LIMITS.pageJson characters, escaped: room for it. */
const PAGE_BODY_LIMIT = 1024 * 1024;

/** The store's admins edit its pages, the callout above its header and its chat widget. */
export const contentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  neverCached(app);

  app.get(
    "/pages",
    {
      schema: {
        tags: ["content", "admin"],
        summary: "Store admins: the store's pages by name, with their titles",
        response: { 200: AdminPageListSchema },
      },
    },
    async (request) => listAdminPages(app.db, request.storeId),
  );

  app.post(
    "/pages/preview",
    {
      bodyLimit: PAGE_BODY_LIMIT,
      schema: {
        tags: ["content", "admin"],
        summary:
          "Store admins: a page draft as shoppers would be shown it (sanitised as a save is, figures filled in); nothing is saved",
        body: PagePreviewRequestSchema,
        response: { 200: z.object({ document: PageDocumentSchema }) },
      },
    },
    async (request) => ({
      document: await previewPage(app.db, request.storeId, request.body.document),
    }),
  );

  app.get(
    "/pages/*",
    {
      schema: {
        tags: ["content", "admin"],
        summary: "Store admins: a page's document as stored, its figures' placeholders as written",
        params: PageParams,
        response: { 200: AdminPageSchema },
      },
    },
    async (request) =>
      readAdminPage(app.db, request.storeId, documentName(request.params["*"], "")),
  );

  app.put(
    "/pages/*",
    {
      bodyLimit: PAGE_BODY_LIMIT,
      schema: {
        tags: ["content", "admin"],
        summary:
          "Store admins: save (or create) a page, its HTML sanitised as the seed's; a save by someone else since expectedUpdatedAt is a 409; audited",
        params: PageParams,
        body: PageSaveRequestSchema,
        response: { 200: AdminPageSchema },
      },
    },
    async (request) =>
      saveAdminPage(
        app.db,
        request.storeId,
        documentName(request.params["*"], ""),
        request.body,
        await adminActor(request),
      ),
  );

  app.get(
    "/callout",
    {
      schema: {
        tags: ["content", "admin"],
        summary: "Store admins: the messages above the store's header, as written",
        response: { 200: TopCallOutSchema },
      },
    },
    async (request) => readCallout(app.db, request.storeId),
  );

  app.put(
    "/callout",
    {
      schema: {
        tags: ["content", "admin"],
        summary: "Store admins: replace the messages above the store's header, audited",
        body: CalloutUpdateSchema,
        response: { 200: CalloutUpdateSchema },
      },
    },
    async (request) =>
      saveCallout(app.db, request.storeId, request.body, await adminActor(request)),
  );

  app.get(
    "/mail-sender",
    {
      schema: {
        tags: ["content", "admin"],
        summary: "Store admins: who the store's mail is from, and where replies go",
        response: { 200: MailSenderSchema },
      },
    },
    async (request) => readMailSender(app.db, request.storeId, app.config.mailFrom),
  );

  app.put(
    "/mail-sender",
    {
      schema: {
        tags: ["content", "admin"],
        summary:
          "Store admins: set the sender's name and address of the store's mail (null: the brand name, the platform's address), audited",
        body: MailSenderUpdateSchema,
        response: { 200: MailSenderSchema },
      },
    },
    async (request) =>
      saveMailSender(
        app.db,
        request.storeId,
        request.body,
        await adminActor(request),
        app.config.mailFrom,
      ),
  );

  app.get(
    "/chatbot",
    {
      schema: {
        tags: ["content", "admin"],
        summary: "Store admins: the chat widget's settings as stored",
        response: { 200: ContentDocumentSchema },
      },
    },
    async (request) => readChatbotSettings(app.db, request.storeId),
  );

  app.put(
    "/chatbot",
    {
      schema: {
        tags: ["content", "admin"],
        summary:
          "Store admins: replace the chat widget's colours, title, images and quick replies, audited",
        body: ChatbotUpdateSchema,
        response: { 200: ChatbotUpdateSchema },
      },
    },
    async (request) =>
      saveChatbotSettings(app.db, request.storeId, request.body, await adminActor(request)),
  );
};
