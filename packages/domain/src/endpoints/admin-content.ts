import { z } from "zod";
import {
  AdminPageListSchema,
  AdminPageSchema,
  CalloutUpdateSchema,
  ChatbotUpdateSchema,
  MailSenderSchema,
  MailSenderUpdateSchema,
  PagePreviewRequestSchema,
  PagePreviewSchema,
  PageSaveRequestSchema,
} from "../admin-content.ts";
import { ContentDocumentSchema } from "../content-schema.ts";
import { endpoint } from "../endpoint.ts";
import { TopCallOutSchema } from "../store-schema.ts";
import * as R from "./admin-content-routes.ts";

const tags = ["content", "admin"];
/** A page's name, the path's wildcard, lower-cased. */
const PageParams = z.object({ "*": z.string().transform((name) => name.toLowerCase()) });

/** The store admins' content (registered by modules/content/admin-routes.ts). */
export const adminContentEndpoints = {
  pages: endpoint(R.pages, {
    tags,
    summary: "Store admins: the store's pages by name, with their titles",
    response: { 200: AdminPageListSchema },
  }),
  preview: endpoint(R.preview, {
    tags,
    summary:
      "Store admins: a page draft as shoppers would be shown it (sanitised as a save is, figures filled in); nothing is saved",
    body: PagePreviewRequestSchema,
    response: { 200: PagePreviewSchema },
  }),
  page: endpoint(R.page, {
    tags,
    summary: "Store admins: a page's document as stored, its figures' placeholders as written",
    params: PageParams,
    response: { 200: AdminPageSchema },
  }),
  savePage: endpoint(R.savePage, {
    tags,
    summary:
      "Store admins: save (or create) a page, its HTML sanitised as the seed's; a save by someone else since expectedUpdatedAt is a 409; audited",
    params: PageParams,
    body: PageSaveRequestSchema,
    response: { 200: AdminPageSchema },
  }),
  callout: endpoint(R.callout, {
    tags,
    summary: "Store admins: the messages above the store's header, as written",
    response: { 200: TopCallOutSchema },
  }),
  saveCallout: endpoint(R.saveCallout, {
    tags,
    summary: "Store admins: replace the messages above the store's header, audited",
    body: CalloutUpdateSchema,
    response: { 200: CalloutUpdateSchema },
  }),
  mailSender: endpoint(R.mailSender, {
    tags,
    summary: "Store admins: who the store's mail is from, and where replies go",
    response: { 200: MailSenderSchema },
  }),
  saveMailSender: endpoint(R.saveMailSender, {
    tags,
    summary:
      "Store admins: set the sender's name and address of the store's mail (null: the brand name, the platform's address), audited",
    body: MailSenderUpdateSchema,
    response: { 200: MailSenderSchema },
  }),
  chatbot: endpoint(R.chatbot, {
    tags,
    summary: "Store admins: the chat widget's settings as stored",
    response: { 200: ContentDocumentSchema },
  }),
  saveChatbot: endpoint(R.saveChatbot, {
    tags,
    summary:
      "Store admins: replace the chat widget's colours, title, images and quick replies, audited",
    body: ChatbotUpdateSchema,
    response: { 200: ChatbotUpdateSchema },
  }),
};
