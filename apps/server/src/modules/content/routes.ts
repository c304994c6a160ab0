import {
  CONTENT_MESSAGES,
  contentEndpoints as content,
  DomainError,
  PageNameSchema,
} from "@storefront/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { endpointRead, route } from "../../plugins/endpoint.ts";
import { registerPageRead } from "../../plugins/page-reads.ts";
import { getDocument } from "./service.ts";

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
