import type { ChatMessage } from "@storefront/domain";
import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAtColumn, idColumn, updatedAtColumn } from "../../db/columns.ts";
import { users } from "../accounts/schema.ts";
import { storeColumn } from "../stores/schema.ts";

/** What a conversation's bot waits for next (see the chat module). */
export type ChatState =
  | { awaiting?: undefined }
  | { awaiting: "order_number" }
  | { awaiting: "order_email"; orderNumber: number }
  | { awaiting: "handoff"; question: string };

/**
 * A visitor's conversation with a store's support chatbot: its messages (oldest first, the
 * greeting first), the guest session it belongs to, and what the bot waits for. One is open per
 * session; "Start over" ends it (`ended_at`) and the next message opens another.
 */
export const chatConversations = pgTable(
  "chat_conversations",
  {
    id: idColumn(),
    storeId: storeColumn(),
    sessionId: text("session_id").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    messages: jsonb("messages").$type<ChatMessage[]>().notNull(),
    state: jsonb("state").$type<ChatState>().notNull().default({}),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("chat_conversations_open")
      .on(t.storeId, t.sessionId)
      .where(sql`${t.endedAt} is null`),
    index("chat_conversations_store_updated").on(t.storeId, t.updatedAt),
  ],
);

/** A question the chatbot could not answer, passed to the store's owner (and mailed to them). */
export const chatQuestions = pgTable(
  "chat_questions",
  {
    id: idColumn(),
    storeId: storeColumn(),
    conversationId: uuid("conversation_id").references(() => chatConversations.id, {
      onDelete: "set null",
    }),
    question: text("question").notNull(),
    /** Where the owner may answer; null when the visitor gave none. */
    email: text("email"),
    createdAt: createdAtColumn(),
  },
  (t) => [index("chat_questions_store_created").on(t.storeId, t.createdAt)],
);
