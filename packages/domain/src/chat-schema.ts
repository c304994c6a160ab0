import { z } from "zod";
import { ProductCardSchema } from "./catalog-schema.ts";
import {
  CHAT_DISCOUNT_TYPES,
  CHAT_GREETING,
  CHAT_LIMITS,
  CHAT_MESSAGES,
  CHATBOT_DEFAULTS,
  type ChatMessageType,
} from "./chat.ts";
import { OrderStatusSchema } from "./order-schema.ts";
import { SearchReportQuerySchema } from "./search-schema.ts";

const base = {
  role: z.enum(["bot", "user"]),
  /** The message's text: plain text, never HTML (the widget shows it as text). */
  message: z.string(),
  /** ISO 8601. */
  timestamp: z.string(),
};

/** A page an answer came from. */
export const ChatLinkSchema = z.object({ title: z.string(), url: z.string() });

/** An order as the chatbot reports it to whoever gave its number and email. */
export const ChatOrderSchema = z.object({
  number: z.number().int(),
  status: OrderStatusSchema,
  placedAt: z.string(),
  lines: z.array(z.object({ title: z.string(), quantity: z.number().int() })),
});

/** One message of a conversation (spec section 3 "Chatbot message"), by its type. */
export const ChatMessageSchema = z.discriminatedUnion("type", [
  z.object({
    ...base,
    type: z.literal("GENERAL_INFORMATION"),
    link: ChatLinkSchema.optional(),
  }),
  z.object({
    ...base,
    type: z.literal("PRODUCT_RECOMMENDATION"),
    products: z.array(ProductCardSchema),
    productHandle: z.string().optional(),
  }),
  z.object({
    ...base,
    type: z.literal("DISCOUNT"),
    discountType: z.enum(CHAT_DISCOUNT_TYPES),
  }),
  z.object({
    ...base,
    type: z.literal("ORDER_TRACKING"),
    order: ChatOrderSchema.optional(),
  }),
  z.object({
    ...base,
    type: z.literal("QUICK_RESPONSE_MESSAGE"),
    messageId: z.string(),
  }),
]);
export type ChatMessage = z.infer<typeof ChatMessageSchema>;
export type ChatMessageOf<T extends ChatMessageType> = Extract<ChatMessage, { type: T }>;

/** POST /api/chat: what the shopper typed, or the quick action they pressed. */
export const ChatRequestSchema = z.strictObject({
  message: z
    .string({ error: CHAT_MESSAGES.empty })
    .trim()
    .min(1, CHAT_MESSAGES.empty)
    .max(CHAT_LIMITS.message, CHAT_MESSAGES.tooLong),
  /** A quick action's id (the config's quickActionMessages): its message is the one sent. */
  messageId: z.string().max(100).optional(),
});
export type ChatRequest = z.infer<typeof ChatRequestSchema>;

/** GET and POST /api/chat: the visitor's conversation, oldest first. */
export const ChatConversationSchema = z.object({ messages: z.array(ChatMessageSchema) });
export type ChatConversation = z.infer<typeof ChatConversationSchema>;

/** A CSS colour as a config may give it: a hex value, or a name, rgb() or hsl(). */
export const CHATBOT_COLOUR_PATTERN = /^(#[0-9a-f]{3,8}|[a-z]{3,20}|(rgb|hsl)a?\([\d\s.,%/]+\))$/i;

/** A same-site path or an https URL, with no space, quote or bracket (an image of the config). */
export const CHATBOT_IMAGE_PATTERN = /^(\/(?!\/)|https:\/\/)[^\s"'()<>\\]*$/;

const colour = (fallback: string) =>
  z.string().regex(CHATBOT_COLOUR_PATTERN).catch(fallback).default(fallback);

const imageUrl = z.string().regex(CHATBOT_IMAGE_PATTERN).optional().catch(undefined);

export const QuickActionSchema = z.object({
  id: z.string().min(1).max(100),
  label: z.string().min(1).max(80),
  message: z.string().min(1).max(CHAT_LIMITS.message),
});
export type QuickAction = z.infer<typeof QuickActionSchema>;

/**
 * The chatbot config (spec section 3 "Chatbot config"), as the widget uses it: every colour
 * checked, each missing or unusable value the spec's default.
 */
export const ChatbotConfigSchema = z.object({
  chatbotLogo: imageUrl,
  triggerButtonImage: imageUrl,
  backgroundColor: colour(CHATBOT_DEFAULTS.backgroundColor),
  headerBackgroundColor: colour(CHATBOT_DEFAULTS.headerBackgroundColor),
  headerTextColor: colour(CHATBOT_DEFAULTS.headerTextColor),
  inputControlsColor: colour(CHATBOT_DEFAULTS.inputControlsColor),
  userTextColor: colour(CHATBOT_DEFAULTS.userTextColor),
  userMessageColor: colour(CHATBOT_DEFAULTS.userMessageColor),
  botTextColor: colour(CHATBOT_DEFAULTS.botTextColor),
  botMessageColor: colour(CHATBOT_DEFAULTS.botMessageColor),
  chatbotHeaderText: z
    .string()
    .trim()
    .min(1)
    .max(60)
    .catch(CHATBOT_DEFAULTS.chatbotHeaderText)
    .default(CHATBOT_DEFAULTS.chatbotHeaderText),
  quickActionMessages: z.array(QuickActionSchema).max(8).catch([]).default([]),
});
export type ChatbotConfig = z.infer<typeof ChatbotConfigSchema>;

/** The config with every default: what the widget uses when the store's cannot be read. */
export const DEFAULT_CHATBOT_CONFIG: ChatbotConfig = ChatbotConfigSchema.parse({});

/** The bot's first message (spec section 4: the chat starts with one greeting). */
export function chatGreeting(now: Date): ChatMessage {
  return {
    role: "bot",
    type: "GENERAL_INFORMATION",
    message: CHAT_GREETING,
    timestamp: now.toISOString(),
  };
}

/** A conversation cleared ("Start over"): the greeting alone. */
export function clearedConversation(now: Date): ChatMessage[] {
  return [chatGreeting(now)];
}

/**
 * The conversation with messages added (by their type), oldest first; past
 * CHAT_LIMITS.conversation the oldest go, the greeting stays first.
 */
export function withMessages(
  conversation: readonly ChatMessage[],
  added: readonly ChatMessage[],
): ChatMessage[] {
  const all = [...conversation, ...added];
  if (all.length <= CHAT_LIMITS.conversation) return all;
  const [first, ...rest] = all;
  const kept = rest.slice(rest.length - (CHAT_LIMITS.conversation - 1));
  return first ? [first, ...kept] : kept;
}

/** GET /api/admin/chats: how many days back, as the search report asks it. */
export const ChatReportQuerySchema = SearchReportQuerySchema;

/** GET /api/admin/chats: the store's conversations, and the questions passed to its owner. */
export const ChatReportSchema = z.object({
  days: z.number().int(),
  conversations: z.array(
    z.object({
      id: z.string(),
      startedAt: z.string(),
      updatedAt: z.string(),
      /** Ended by "Start over"; an open one may still grow. */
      ended: z.boolean(),
      /** The signed-in shopper's email; null for a guest. */
      email: z.string().nullable(),
      messages: z.array(ChatMessageSchema),
    }),
  ),
  questions: z.array(
    z.object({
      id: z.string(),
      conversationId: z.string().nullable(),
      question: z.string(),
      email: z.string().nullable(),
      askedAt: z.string(),
    }),
  ),
});
export type ChatReport = z.infer<typeof ChatReportSchema>;
