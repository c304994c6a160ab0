import type { ChatMessage, Currency, PriceList } from "@storefront/domain";
import type { Database } from "../../db/index.ts";
import type { ChatState } from "./schema.ts";

/** What the chatbot knows of the visitor it answers. */
export interface ChatVisitor {
  email: string;
  firstName: string | null;
  pointsBalance: number;
  discountCode: string | null;
  discountPercentage: number;
}

/** Everything an answerer may use for one answer: the store's data, never another store's. */
export interface ChatContext {
  db: Database;
  storeId: string;
  brandName: string;
  currency: Currency;
  /** The prices the visitor sees (a trade account's are trade prices). */
  priceList: PriceList;
  /** The signed-in shopper, else null. */
  visitor: ChatVisitor | null;
  /** What the bot asked for last (an order number, an email). */
  state: ChatState;
  now: Date;
  /**
   * Order lookups by number and email are counted like sign-ins: `check` throws the 429 once too
   * many failed for this visitor or this order, `failed` counts one more.
   */
  orderLookups: {
    check(orderNumber: number): Promise<void>;
    failed(orderNumber: number): Promise<void>;
  };
}

/** One answer: the bot's messages, what it waits for next, and a question for the store. */
export interface ChatReply {
  messages: ChatMessage[];
  state: ChatState;
  /** A question the visitor asked to pass to the store's owner (stored and mailed). */
  handoff?: { question: string; email: string | null };
}

/**
 * What answers a shopper's message. The rule-based answerer (rules.ts) is the default and needs
 * nothing outside the store's database; another (a hosted language model) can take its place by
 * configuration (CHAT_ANSWERER) as long as it answers the same model of messages.
 */
export interface ChatAnswerer {
  answer(context: ChatContext, text: string): Promise<ChatReply>;
}
