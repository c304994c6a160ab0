import { z } from "zod";
import { CHAT_LIMITS } from "./chat.ts";
import { CHATBOT_COLOUR_PATTERN, CHATBOT_IMAGE_PATTERN } from "./chat-schema.ts";
import { PageDocumentSchema, PageNameSchema } from "./content-schema.ts";

/** How large the content an admin writes may be. */
export const ADMIN_CONTENT_LIMITS = {
  /** A page document as JSON, in characters: far past the longest seeded page (about 12,000). */
  pageJson: 200_000,
  calloutMessages: 6,
  calloutLabel: 120,
  href: 500,
  quickActions: 8,
} as const;

export const ADMIN_CONTENT_MESSAGES = {
  pageTooLarge: `A page may hold at most ${ADMIN_CONTENT_LIMITS.pageJson.toLocaleString("en-US")} characters`,
  pageChanged: (at: string) =>
    `This page was saved by someone else at ${at} while you were editing. Copy your changes, reload the page and apply them again.`,
  pageNotFound: (name: string) => `Page not found: ${name}`,
  pageCreated: (name: string) =>
    `A page named ${name} was just created by someone else. Copy your changes, open it from the list and apply them again.`,
  label: `Each message is 1 to ${ADMIN_CONTENT_LIMITS.calloutLabel} characters`,
  calloutCount: `The callout holds at most ${ADMIN_CONTENT_LIMITS.calloutMessages} messages`,
  href: "A link is a path on the store (/pages/faq), a web address (https://…) or another store (store://id/path)",
  colour: "A colour is a hex value (#1a7f37), a name (teal), or rgb() or hsl()",
  headerText: "The chat's title is 1 to 60 characters",
  image:
    "An image is a path on the store (/media/…) or a web address (https://…), with no spaces, quotes or brackets",
  quickActions: `At most ${ADMIN_CONTENT_LIMITS.quickActions} quick replies`,
  quickActionLabel: "A quick reply's label is 1 to 80 characters",
  quickActionMessage: `A quick reply's message is 1 to ${CHAT_LIMITS.message} characters`,
  quickActionIds: "Each quick reply needs its own id",
} as const;

const M = ADMIN_CONTENT_MESSAGES;

/** GET /api/admin/pages: the store's pages, by name. */
export const AdminPageListSchema = z.object({
  pages: z.array(
    z.object({ name: z.string(), title: z.string().nullable(), updatedAt: z.string() }),
  ),
});
export type AdminPageList = z.infer<typeof AdminPageListSchema>;

/** GET /api/admin/pages/{name}: a page's document as stored (figures not filled in). */
export const AdminPageSchema = z.object({
  name: z.string(),
  document: PageDocumentSchema,
  updatedAt: z.string().nullable(),
});
export type AdminPage = z.infer<typeof AdminPageSchema>;

const pageDocument = PageDocumentSchema.refine(
  (doc) => JSON.stringify(doc).length <= ADMIN_CONTENT_LIMITS.pageJson,
  M.pageTooLarge,
);

/** POST /api/admin/pages/preview: a draft, answered as a shopper would be shown it. */
export const PagePreviewRequestSchema = z.strictObject({ document: pageDocument });

/** POST /api/admin/pages/preview's answer: the draft as a shopper would be shown it. */
export const PagePreviewSchema = z.object({ document: PageDocumentSchema });

/**
 * PUT /api/admin/pages/{name}: the page's new document, and when the admin read it (null for a
 * new page): another admin's save in between is a 409, never overwritten unseen.
 */
export const PageSaveRequestSchema = z.strictObject({
  document: pageDocument,
  expectedUpdatedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type PageSaveRequest = z.infer<typeof PageSaveRequestSchema>;

export const AdminPageNameSchema = PageNameSchema;

/** Where a callout or quick link may lead: the store, the web, or another store of the server. */
const href = z
  .string({ error: M.href })
  .trim()
  .max(ADMIN_CONTENT_LIMITS.href, M.href)
  .regex(/^(\/(?!\/)|https?:\/\/|store:\/\/|mailto:)/, M.href);

/** PUT /api/admin/callout: the strip of messages above the store's header. */
export const CalloutUpdateSchema = z.strictObject({
  messages: z
    .array(
      z.strictObject({
        label: z
          .string({ error: M.label })
          .trim()
          .min(1, M.label)
          .max(ADMIN_CONTENT_LIMITS.calloutLabel, M.label),
        href: href.optional(),
      }),
    )
    .max(ADMIN_CONTENT_LIMITS.calloutMessages, M.calloutCount),
});
export type CalloutUpdate = z.infer<typeof CalloutUpdateSchema>;

// What the widget itself accepts (chat-schema.ts), so a saved value is never dropped there.
const colour = z.string({ error: M.colour }).trim().regex(CHATBOT_COLOUR_PATTERN, M.colour);
const image = z
  .string({ error: M.image })
  .trim()
  .max(ADMIN_CONTENT_LIMITS.href, M.image)
  .regex(CHATBOT_IMAGE_PATTERN, M.image);

/** PUT /api/admin/chatbot: the chat widget's colours, title, images and quick replies. */
export const ChatbotUpdateSchema = z.strictObject({
  chatbotLogo: image.optional(),
  triggerButtonImage: image.optional(),
  backgroundColor: colour,
  headerBackgroundColor: colour,
  headerTextColor: colour,
  inputControlsColor: colour,
  userTextColor: colour,
  userMessageColor: colour,
  botTextColor: colour,
  botMessageColor: colour,
  chatbotHeaderText: z
    .string({ error: M.headerText })
    .trim()
    .min(1, M.headerText)
    .max(60, M.headerText),
  quickActionMessages: z
    .array(
      z.strictObject({
        id: z.string().trim().min(1).max(100),
        label: z
          .string({ error: M.quickActionLabel })
          .trim()
          .min(1, M.quickActionLabel)
          .max(80, M.quickActionLabel),
        message: z
          .string({ error: M.quickActionMessage })
          .trim()
          .min(1, M.quickActionMessage)
          .max(CHAT_LIMITS.message, M.quickActionMessage),
      }),
    )
    .max(ADMIN_CONTENT_LIMITS.quickActions, M.quickActions)
    .refine((list) => new Set(list.map((q) => q.id)).size === list.length, M.quickActionIds),
});
export type ChatbotUpdate = z.infer<typeof ChatbotUpdateSchema>;

/** The colour fields of the chatbot config, in the admin form's order, with their labels. */
export const CHATBOT_COLOUR_FIELDS = [
  ["headerBackgroundColor", "Header background"],
  ["headerTextColor", "Header text"],
  ["backgroundColor", "Background"],
  ["botMessageColor", "Bot message"],
  ["botTextColor", "Bot text"],
  ["userMessageColor", "Shopper message"],
  ["userTextColor", "Shopper text"],
  ["inputControlsColor", "Input and buttons"],
] as const;

export const MAIL_SENDER_MESSAGES = {
  name: "The sender's name is 1 to 80 characters, without line breaks or angle brackets",
  address: "The sender's address is an email address such as orders@yourstore.com",
  domain: (domains: readonly string[]) =>
    domains.length === 0
      ? "The store has no domain of its own to send mail from: keep the platform's address"
      : `The sender's address must be on one of the store's domains: ${domains.join(", ")}`,
} as const;

/** A name and an address, as a From header carries them. */
export interface MailAddress {
  name: string;
  address: string;
}

/** A From header's text: the name quoted (its quotes and backslashes escaped), the address. */
export function formatAddress({ name, address }: MailAddress): string {
  return `"${name.replace(/["\\]/g, "\\$&")}" <${address}>`;
}

/** The address of a From such as `Store <no-reply@localhost>`, or the text itself. */
export function addressOf(from: string): string {
  return /<([^<>\s]+)>\s*$/.exec(from)?.[1] ?? from.trim();
}

/**
 * Who a store's mail is from: the name and address it set, each where set; else its brand name
 * and the address of the platform's sender (`platformFrom`, MAIL_FROM).
 */
export function storeSender(
  set: { name: string | null; address: string | null },
  brand: string,
  platformFrom: string,
): MailAddress {
  return { name: set.name ?? brand, address: set.address ?? addressOf(platformFrom) };
}

/**
 * Whether mail may say it is from `address` for a store served at `hosts`: its domain is one of
 * them, or a parent of one with at least two labels (shop.example.com lets example.com send).
 */
export function senderDomainAllowed(address: string, hosts: readonly string[]): boolean {
  const domain = address.slice(address.lastIndexOf("@") + 1).toLowerCase();
  return hosts.some((host) => {
    const h = host.toLowerCase();
    return h === domain || (domain.includes(".") && h.endsWith(`.${domain}`));
  });
}

/**
 * PUT /api/admin/mail-sender: who the store's mail is from. Either may be null: the store's
 * brand name, and the platform's own address, until it sets them.
 */
export const MailSenderUpdateSchema = z.strictObject({
  name: z
    .string({ error: MAIL_SENDER_MESSAGES.name })
    .trim()
    .min(1, MAIL_SENDER_MESSAGES.name)
    .max(80, MAIL_SENDER_MESSAGES.name)
    .regex(/^[^\p{Cc}<>]+$/u, MAIL_SENDER_MESSAGES.name)
    .nullable(),
  address: z
    .string({ error: MAIL_SENDER_MESSAGES.address })
    .trim()
    .toLowerCase()
    .max(254, MAIL_SENDER_MESSAGES.address)
    .regex(/^[a-z0-9._%+-]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/, MAIL_SENDER_MESSAGES.address)
    .nullable(),
});
export type MailSenderUpdate = z.infer<typeof MailSenderUpdateSchema>;

/** GET and PUT /api/admin/mail-sender: what is set, and what the store's mail carries now. */
export const MailSenderSchema = MailSenderUpdateSchema.extend({
  /** The From of the store's mail now, e.g. "Pawsome Herbals" <orders@pawsome.test>. */
  from: z.string(),
  /** Where replies go: the store owner's address. */
  replyTo: z.string(),
});
export type MailSender = z.infer<typeof MailSenderSchema>;
