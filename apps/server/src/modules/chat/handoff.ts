// Passing a question the bot cannot answer to the store's team: the offer, and the thanks once
// the shopper accepts.
import { CHAT_LIMITS } from "@storefront/domain";
import type { ChatContext, ChatReply } from "./answerer.ts";
import { bot, reply } from "./replies.ts";

export function offerHandoff(context: ChatContext, question: string): ChatReply {
  const ask = context.visitor
    ? `Reply "yes" and they will answer you at ${context.visitor.email}, or give another email address, or say "no".`
    : `Reply with your email address so they can answer you, "yes" to send it without one, or "no".`;
  return reply(
    [
      bot<"GENERAL_INFORMATION">(context, {
        type: "GENERAL_INFORMATION",
        message: `I'm sorry, I can't answer that myself. Shall I pass your question to the ${context.brandName} team? ${ask}`,
      }),
    ],
    { awaiting: "handoff", question: question.slice(0, CHAT_LIMITS.message) },
  );
}

export function handedOff(context: ChatContext, question: string, email: string | null): ChatReply {
  return {
    ...reply([
      bot<"GENERAL_INFORMATION">(context, {
        type: "GENERAL_INFORMATION",
        message: email
          ? `Thank you: I've passed your question to the ${context.brandName} team. They will answer you at ${email}.`
          : `Thank you: I've passed your question to the ${context.brandName} team. Without an email address they cannot answer you directly, so do check back here or on our contact page.`,
      }),
    ]),
    handoff: { question, email },
  };
}
