import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  type ChatMessage,
  type ChatReport,
  type Currency,
  chatGreeting,
  DomainError,
  type PriceList,
  QuickActionSchema,
} from "@storefront/domain";
import { and, desc, eq, gte, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/index.ts";
import type { BackgroundTasks } from "../../lib/background.ts";
import type { Logger } from "../../lib/logger.ts";
import type { Mailer } from "../../lib/mailer.ts";
import {
  consume,
  RATE_LIMITS,
  type RateLimiter,
  rateLimitKey,
  refuseWhenLimited,
} from "../../lib/rate-limit.ts";
import { users } from "../accounts/index.ts";
import { getDocument } from "../content/index.ts";
import { mailStoreOwner, storeBrandName } from "../stores/index.ts";
import type { ChatAnswerer, ChatVisitor } from "./answerer.ts";
import { chatConversations, chatQuestions } from "./schema.ts";

export interface ChatDeps {
  db: Database;
  mailer: Mailer;
  background: BackgroundTasks;
  limiter: RateLimiter;
  log: Logger;
  answerer: ChatAnswerer;
}

/** Who is chatting: the store, their guest session, their account if signed in. */
export interface ChatWho {
  storeId: string;
  sessionId: string;
  /** The session was made for this message: it can hold no conversation yet. */
  newSession: boolean;
  ip: string;
  currency: Currency;
  /** The prices the visitor sees (a trade account's are trade prices). */
  priceList: PriceList;
  user: (ChatVisitor & { id: string }) | null;
}

type ConversationRow = typeof chatConversations.$inferSelect;

/** One exchange: the visitor's message and the bot's answer, with the state it leaves. */
interface Exchange {
  messages: ChatMessage[];
  state: ConversationRow["state"];
}

/** The session's conversation that has not been ended (there is at most one). */
function openOf(storeId: string, sessionId: string) {
  return and(
    eq(chatConversations.storeId, storeId),
    eq(chatConversations.sessionId, sessionId),
    isNull(chatConversations.endedAt),
  );
}

function openConversation(db: Database, storeId: string, sessionId: string) {
  return db
    .select()
    .from(chatConversations)
    .where(openOf(storeId, sessionId))
    .then((rows) => rows[0] ?? null);
}

/** The visitor's open conversation, or the greeting alone when they have none. */
export async function readConversation(
  db: Database,
  storeId: string,
  sessionId: string | null,
  now: Date,
): Promise<ChatMessage[]> {
  const open = sessionId ? await openConversation(db, storeId, sessionId) : null;
  return open?.messages ?? [chatGreeting(now)];
}

/** "Start over": the open conversation ends (kept for the owner); the greeting starts the next. */
export async function endConversation(
  db: Database,
  storeId: string,
  sessionId: string | null,
  now: Date,
): Promise<ChatMessage[]> {
  if (sessionId) {
    await db.update(chatConversations).set({ endedAt: now }).where(openOf(storeId, sessionId));
  }
  return [chatGreeting(now)];
}

/**
 * Starts the session's conversation with the greeting and, for a new session, the messages of
 * its first exchange; null when another request of the same visit started one meanwhile.
 */
async function startConversation(
  db: Database,
  who: ChatWho,
  now: Date,
  first: Exchange | null,
): Promise<ConversationRow | null> {
  const [started] = await db
    .insert(chatConversations)
    .values({
      storeId: who.storeId,
      sessionId: who.sessionId,
      userId: who.user?.id ?? null,
      messages: [chatGreeting(now), ...(first?.messages ?? [])],
      ...(first ? { state: first.state } : {}),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  return started ?? null;
}

/** The open conversation, started (with the greeting) if there is none or the last is full. */
async function conversationFor(deps: ChatDeps, who: ChatWho, now: Date): Promise<ConversationRow> {
  const open = await openConversation(deps.db, who.storeId, who.sessionId);
  if (open && open.messages.length + 4 <= CHAT_LIMITS.conversation) return open;
  if (open) await endConversation(deps.db, who.storeId, who.sessionId, now);
  const started = await startConversation(deps.db, who, now, null);
  if (started) return started;
  // Another request of the same visit started it meanwhile.
  const theirs = await openConversation(deps.db, who.storeId, who.sessionId);
  if (!theirs) throw new Error("the conversation was not started");
  return theirs;
}

/** Appends an exchange to the conversation in one statement: two messages sent at once both stay. */
async function appendExchange(
  db: Database,
  conversation: ConversationRow,
  who: ChatWho,
  exchange: Exchange,
  now: Date,
): Promise<void> {
  await db
    .update(chatConversations)
    .set({
      messages: sql`${chatConversations.messages} || ${JSON.stringify(exchange.messages)}::jsonb`,
      state: exchange.state,
      updatedAt: now,
      userId: who.user?.id ?? conversation.userId,
    })
    .where(eq(chatConversations.id, conversation.id));
}

const QuickActionsSchema = z.object({ quickActionMessages: z.array(QuickActionSchema).catch([]) });

/** The store's quick action with this id (its chatbot config), or a 400. */
async function quickAction(db: Database, storeId: string, id: string) {
  const config = await getDocument(db, storeId, "layout", "chatbot").catch(() => ({}));
  const parsed = QuickActionsSchema.safeParse(config);
  const action = parsed.success
    ? parsed.data.quickActionMessages.find((a) => a.id === id)
    : undefined;
  if (!action) {
    throw new DomainError("invalid", CHAT_MESSAGES.quickAction, {
      messageId: CHAT_MESSAGES.quickAction,
    });
  }
  return action;
}

/**
 * A visitor's message and the bot's answer, both added to their open conversation; answers the
 * messages added. A quick action sends its config's message. Questions the visitor asks to pass
 * on are stored and mailed to the store's owner after the answer.
 */
export async function sendChatMessage(
  deps: ChatDeps,
  who: ChatWho,
  sent: { message: string; messageId?: string | undefined },
  now: Date,
): Promise<ChatMessage[]> {
  const { db, limiter } = deps;
  await consume(limiter, who.storeId, RATE_LIMITS.chatMessagesPerIp, who.ip);
  const action = sent.messageId ? await quickAction(db, who.storeId, sent.messageId) : null;
  const text = action?.message ?? sent.message;
  const userMessage: ChatMessage = action
    ? {
        role: "user",
        type: "QUICK_RESPONSE_MESSAGE",
        message: action.message,
        messageId: action.id,
        timestamp: now.toISOString(),
      }
    : { role: "user", type: "GENERAL_INFORMATION", message: text, timestamp: now.toISOString() };

  // A new session has no conversation: its first exchange starts one in a single statement.
  const conversation = who.newSession ? null : await conversationFor(deps, who, now);
  const failures = (n: number) =>
    [
      [RATE_LIMITS.chatOrderFailuresPerIp, who.ip],
      [RATE_LIMITS.chatOrderFailuresPerOrder, String(n)],
    ] as const;
  const answer = await deps.answerer.answer(
    {
      db,
      storeId: who.storeId,
      brandName: (await storeBrandName(db, who.storeId)) ?? "store",
      currency: who.currency,
      priceList: who.priceList,
      visitor: who.user,
      state: conversation?.state ?? {},
      now,
      orderLookups: {
        async check(n) {
          for (const [rule, subject] of failures(n)) {
            await refuseWhenLimited(limiter, who.storeId, rule, subject);
          }
        },
        async failed(n) {
          for (const [rule, subject] of failures(n)) {
            await limiter.hit(rateLimitKey(who.storeId, rule, subject), rule.windowMs);
          }
        },
      },
    },
    text,
  );
  if (answer.handoff) {
    await consume(limiter, who.storeId, RATE_LIMITS.chatQuestionsPerIp, who.ip);
  }
  const added = [userMessage, ...answer.messages];
  const exchange = { messages: added, state: answer.state };
  if (conversation) await appendExchange(db, conversation, who, exchange, now);
  const conversationId = conversation?.id ?? (await startConversation(db, who, now, exchange))?.id;
  if (!conversationId) throw new Error("the new session's conversation was not started");
  if (answer.handoff) {
    const handoff = answer.handoff;
    await db.insert(chatQuestions).values({
      storeId: who.storeId,
      conversationId,
      question: handoff.question,
      email: handoff.email,
      createdAt: now,
    });
    deps.background.run("chat question mail", () =>
      mailStoreOwner(
        deps,
        { storeId: who.storeId, ...(handoff.email ? { replyTo: handoff.email } : {}) },
        "chatQuestion",
        { question: { question: handoff.question, email: handoff.email, at: now } },
      ),
    );
  }
  return added;
}

/** How many conversations and questions the admin's list shows. */
const LISTED = 100;

/** The store's conversations of the last `days` days (newest first) and its passed questions. */
export async function chatReport(
  db: Database,
  storeId: string,
  days: number,
  now: Date,
): Promise<ChatReport> {
  const since = new Date(now.getTime() - days * 86_400_000);
  const [conversations, questions] = await Promise.all([
    db
      .select({
        id: chatConversations.id,
        startedAt: chatConversations.createdAt,
        updatedAt: chatConversations.updatedAt,
        endedAt: chatConversations.endedAt,
        email: users.email,
        messages: chatConversations.messages,
      })
      .from(chatConversations)
      .leftJoin(users, eq(users.id, chatConversations.userId))
      .where(and(eq(chatConversations.storeId, storeId), gte(chatConversations.updatedAt, since)))
      .orderBy(desc(chatConversations.updatedAt))
      .limit(LISTED),
    db
      .select({
        id: chatQuestions.id,
        conversationId: chatQuestions.conversationId,
        question: chatQuestions.question,
        email: chatQuestions.email,
        askedAt: chatQuestions.createdAt,
      })
      .from(chatQuestions)
      .where(and(eq(chatQuestions.storeId, storeId), gte(chatQuestions.createdAt, since)))
      .orderBy(desc(chatQuestions.createdAt))
      .limit(LISTED),
  ]);
  return {
    days,
    conversations: conversations.map((c) => ({
      id: c.id,
      startedAt: c.startedAt.toISOString(),
      updatedAt: c.updatedAt.toISOString(),
      ended: c.endedAt !== null,
      email: c.email,
      messages: c.messages,
    })),
    questions: questions.map((q) => ({ ...q, askedAt: q.askedAt.toISOString() })),
  };
}
