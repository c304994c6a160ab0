import { z } from "zod";
import { CONTENT_MESSAGES, ContentDocumentSchema } from "../content-schema.ts";
import { endpoint } from "../endpoint.ts";
import * as CONTENT_ROUTES from "./content-routes.ts";

/** A document's file name in the path (`HomePage.json`), as its lower-cased name (`homepage`). */
const DocumentPathSchema = z.object({
  "*": z
    .string()
    .regex(/\.json$/i, CONTENT_MESSAGES.pathNotJson)
    .transform((path) => path.slice(0, -".json".length).toLowerCase()),
});

/** The documents' public endpoints (registered by modules/content/routes.ts). */
export const contentEndpoints = {
  page: endpoint(CONTENT_ROUTES.page, {
    tags: ["content"],
    summary: "A page document (page name lower-cased; default homepage)",
    params: DocumentPathSchema,
    response: { 200: ContentDocumentSchema },
  }),
  layout: endpoint(CONTENT_ROUTES.layout, {
    tags: ["content"],
    summary: "A layout document such as chatbot.json",
    params: DocumentPathSchema,
    response: { 200: ContentDocumentSchema },
  }),
};
