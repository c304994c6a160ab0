import {
  CONTENT_MESSAGES,
  ContentDocumentSchema,
  DomainError,
  PageNameSchema,
} from "@storefront/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { pageRead, registerPageRead } from "../../plugins/page-reads.ts";
import { getDocument } from "./service.ts";

const DocumentPath = z.object({
  "*": z
    .string()
    .regex(/\.json$/i, CONTENT_MESSAGES.pathNotJson)
    .transform((path) => path.slice(0, -".json".length).toLowerCase()),
});

/** `/data/master/HomePage.json` → "homepage"; an empty name is the home page. */
export function documentName(raw: string, fallback: string): string {
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

export const pageDocumentRead = pageRead({
  url: "/data/master/*",
  tags: ["content"],
  summary: "A page document (page name lower-cased; default homepage)",
  params: DocumentPath,
  response: ContentDocumentSchema,
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

  app.get(
    "/data/layout/*",
    {
      schema: {
        tags: ["content"],
        summary: "A layout document such as chatbot.json",
        params: DocumentPath,
        response: { 200: ContentDocumentSchema },
      },
    },
    async (request) =>
      getDocument(app.db, request.storeId, "layout", documentName(request.params["*"], "")),
  );
};
