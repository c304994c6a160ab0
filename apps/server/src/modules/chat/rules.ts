// The rule-based answerer's dialogue: what the bot waits for, greetings and thanks, and which
// topic's answers a message gets.
import {
  asksForRecommendation,
  type ChatMessage,
  chatTopics,
  emailIn,
  type GeneralTopic,
  orderNumberIn,
  saysNo,
  saysYes,
} from "@storefront/domain";
import type { ChatAnswerer, ChatContext, ChatReply } from "./answerer.ts";
import { discounts } from "./discount-answers.ts";
import { handedOff, offerHandoff } from "./handoff.ts";
import { askOrderEmail, askOrderNumber, trackOrder } from "./order-answers.ts";
import { bestPassage, passageMessage, strong } from "./page-answers.ts";
import { excerpt } from "./passages.ts";
import { recommend } from "./product-answers.ts";
import { bot, reply } from "./replies.ts";

const GREETING_WORDS = /^\s*(hi|hello|hey|good (morning|afternoon|evening))\b[\s!.]*$/i;
const THANKS_WORDS = /^\s*(thanks|thank you|thx|cheers|great|perfect)\b/i;

/**
 * The default answerer: rules over the store's own data (its catalogue through the search, its
 * orders, codes and pages). It never makes up an answer: what it cannot find it offers to pass
 * to the store.
 */
export class RuleBasedAnswerer implements ChatAnswerer {
  async answer(context: ChatContext, text: string): Promise<ChatReply> {
    const waiting = await this.#followUp(context, text);
    if (waiting) return waiting;

    if (GREETING_WORDS.test(text)) {
      return reply([
        bot<"GENERAL_INFORMATION">(context, {
          type: "GENERAL_INFORMATION",
          message: "Hello! Ask me about our remedies, your order, shipping or discounts.",
        }),
      ]);
    }
    if (THANKS_WORDS.test(text) && text.length < 40) {
      return reply([
        bot<"GENERAL_INFORMATION">(context, {
          type: "GENERAL_INFORMATION",
          message: "You're welcome! Is there anything else I can help with?",
        }),
      ]);
    }

    const topics = chatTopics(text);
    if (topics[0] === "order_tracking") {
      const number = orderNumberIn(text);
      const email = emailIn(text);
      if (number && email) return trackOrder(context, number, email);
      return number ? askOrderEmail(context, number) : askOrderNumber(context);
    }
    if (topics[0] === "discount") return discounts(context);
    if (topics[0] === "products") {
      // A question the store's pages answer outright ("Are your remedies safe for cats?") is
      // answered from them; a description of a pet's trouble, with the remedies for it.
      const found = asksForRecommendation(text) ? null : await bestPassage(context, text, null);
      if (found && found.score >= strong(text)) {
        return reply([passageMessage(context, found.passage)]);
      }
      const recommended = await recommend(context, text);
      if (recommended) return recommended;
      return found ? reply([passageMessage(context, found.passage)]) : offerHandoff(context, text);
    }
    const messages: ChatMessage[] = [];
    for (const topic of topics as GeneralTopic[]) {
      const found = await bestPassage(context, text, topic);
      const quoted = found ? excerpt(found.passage.text) : "";
      if (found && !messages.some((m) => m.message.endsWith(quoted))) {
        messages.push(passageMessage(context, found.passage));
      }
    }
    return messages.length > 0 ? reply(messages) : offerHandoff(context, text);
  }

  /** An answer to what the bot asked for last, or null when the shopper moved on. */
  async #followUp(context: ChatContext, text: string): Promise<ChatReply | null> {
    const { state } = context;
    if (state.awaiting === "order_number") {
      const number = orderNumberIn(text);
      if (number === null) return null;
      const email = emailIn(text);
      return email ? trackOrder(context, number, email) : askOrderEmail(context, number);
    }
    if (state.awaiting === "order_email") {
      const email =
        emailIn(text) ?? (context.visitor && saysYes(text) ? context.visitor.email : null);
      if (email) return trackOrder(context, orderNumberIn(text) ?? state.orderNumber, email);
      const number = orderNumberIn(text);
      return number ? askOrderEmail(context, number) : null;
    }
    if (state.awaiting === "handoff") {
      const email = emailIn(text);
      if (email) return handedOff(context, state.question, email);
      if (saysYes(text)) return handedOff(context, state.question, context.visitor?.email ?? null);
      if (saysNo(text)) {
        return reply([
          bot<"GENERAL_INFORMATION">(context, {
            type: "GENERAL_INFORMATION",
            message: "All right, I won't pass it on. Is there anything else I can help with?",
          }),
        ]);
      }
    }
    return null;
  }
}

/** The answerer CHAT_ANSWERER names ("rules", the default and so far the only one). */
export function createAnswerer(kind: "rules"): ChatAnswerer {
  switch (kind) {
    case "rules":
      return new RuleBasedAnswerer();
  }
}
