// The bot's messages of an answer, stamped with the answer's time, and the reply that holds them.
import type { ChatMessage, ChatMessageOf, ChatMessageType } from "@storefront/domain";
import type { ChatContext, ChatReply } from "./answerer.ts";

type BotMessage<T extends ChatMessageType> = Omit<ChatMessageOf<T>, "role" | "timestamp">;

export function bot<T extends ChatMessageType>(
  context: ChatContext,
  message: BotMessage<T>,
): ChatMessage {
  return { role: "bot", timestamp: context.now.toISOString(), ...message } as ChatMessage;
}

export const reply = (messages: ChatMessage[], state: ChatReply["state"] = {}): ChatReply => ({
  messages,
  state,
});
