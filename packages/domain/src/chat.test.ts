import { describe, expect, it } from "vitest";
import {
  CHAT_GREETING,
  CHAT_LIMITS,
  chatTopics,
  emailIn,
  orderNumberIn,
  productWords,
} from "./chat.ts";
import {
  ChatbotConfigSchema,
  type ChatMessage,
  ChatMessageSchema,
  clearedConversation,
  DEFAULT_CHATBOT_CONFIG,
  withMessages,
} from "./chat-schema.ts";

const NOW = new Date("2026-11-26T10:00:00.000Z");

describe("chat messages", () => {
  it("starts, and starts over, with the one greeting 'Hello! How can I help you today?'", () => {
    expect(clearedConversation(NOW)).toEqual([
      {
        role: "bot",
        type: "GENERAL_INFORMATION",
        message: CHAT_GREETING,
        timestamp: "2026-11-26T10:00:00.000Z",
      },
    ]);
    expect(CHAT_GREETING).toBe("Hello! How can I help you today?");
  });

  it("adds messages of each type with the fields of its type, and refuses a type's missing field", () => {
    const added: ChatMessage[] = [
      { role: "user", type: "GENERAL_INFORMATION", message: "hi", timestamp: NOW.toISOString() },
      {
        role: "bot",
        type: "PRODUCT_RECOMMENDATION",
        message: "Try these",
        timestamp: NOW.toISOString(),
        products: [],
        productHandle: "itchy-scratchy",
      },
      {
        role: "bot",
        type: "DISCOUNT",
        message: "Free shipping",
        timestamp: NOW.toISOString(),
        discountType: "free_shipping",
      },
      { role: "bot", type: "ORDER_TRACKING", message: "Number?", timestamp: NOW.toISOString() },
      {
        role: "user",
        type: "QUICK_RESPONSE_MESSAGE",
        message: "Track my order",
        timestamp: NOW.toISOString(),
        messageId: "track-order",
      },
    ];
    const conversation = withMessages(clearedConversation(NOW), added);
    expect(conversation.map((m) => m.type)).toEqual([
      "GENERAL_INFORMATION",
      "GENERAL_INFORMATION",
      "PRODUCT_RECOMMENDATION",
      "DISCOUNT",
      "ORDER_TRACKING",
      "QUICK_RESPONSE_MESSAGE",
    ]);
    for (const message of conversation) expect(ChatMessageSchema.parse(message)).toEqual(message);
    expect(ChatMessageSchema.safeParse({ ...added[2], discountType: undefined }).success).toBe(
      false,
    );
    expect(ChatMessageSchema.safeParse({ ...added[4], messageId: undefined }).success).toBe(false);
  });

  it("keeps at most CHAT_LIMITS.conversation messages, the greeting first", () => {
    const many = Array.from(
      { length: CHAT_LIMITS.conversation + 10 },
      (_, i): ChatMessage => ({
        role: "user",
        type: "GENERAL_INFORMATION",
        message: `m${i}`,
        timestamp: NOW.toISOString(),
      }),
    );
    const kept = withMessages(clearedConversation(NOW), many);
    expect(kept).toHaveLength(CHAT_LIMITS.conversation);
    expect(kept[0]?.message).toBe(CHAT_GREETING);
    expect(kept.at(-1)?.message).toBe(`m${CHAT_LIMITS.conversation + 9}`);
  });
});

describe("reading what the shopper typed", () => {
  it.each([
    ["Can you help me track my order?", ["order_tracking"]],
    ["where is my order #1001", ["order_tracking"]],
    ["Is there a discount code I can use right now?", ["discount"]],
    ["how many points do I have", ["discount"]],
    ["What are your shipping times and return policy?", ["shipping", "returns"]],
    ["do you ship to canada", ["shipping"]],
    ["How much should I give a 20 lb dog?", ["dosing"]],
    ["what ingredients are in itchy scratchy", ["ingredients"]],
    ["do you sell wholesale", ["wholesale"]],
    ["I want to talk to a human", ["contact"]],
    ["my dog keeps scratching", ["products"]],
    ["cat anxious during fireworks", ["products"]],
    ["Which remedy would you recommend for an anxious dog or cat?", ["products"]],
  ])("%s → %j", (text, topics) => {
    expect(chatTopics(text)).toEqual(topics);
  });

  it("finds an order number and an email in a message", () => {
    expect(orderNumberIn("#1001")).toBe(1001);
    expect(orderNumberIn("order 1002 please")).toBe(1002);
    expect(orderNumberIn("it is 12")).toBeNull();
    expect(orderNumberIn("jo1001@example.com")).toBeNull();
    expect(emailIn("it is Jo.Doe@Example.com.")).toBe("jo.doe@example.com");
    expect(emailIn("no address here")).toBeNull();
  });

  it("keeps the words that say what the shopper looks for", () => {
    expect(productWords("My dog keeps scratching!")).toBe("dog scratching");
    expect(productWords("Which remedy would you recommend for an anxious dog or cat?")).toBe(
      "anxious dog cat",
    );
  });
});

describe("the chatbot config", () => {
  it("uses the spec's defaults for what a config leaves out or gets wrong", () => {
    expect(DEFAULT_CHATBOT_CONFIG).toMatchObject({
      backgroundColor: "#ffffff",
      headerBackgroundColor: "#000000",
      headerTextColor: "#ffffff",
      inputControlsColor: "#000000",
      userTextColor: "#ffffff",
      userMessageColor: "#000000",
      botTextColor: "#000000",
      botMessageColor: "#f5f5f5",
      chatbotHeaderText: "Customer Support",
      quickActionMessages: [],
    });
    const config = ChatbotConfigSchema.parse({
      headerBackgroundColor: "#1b4332",
      botMessageColor: "red; background:url(x)",
      chatbotLogo: "javascript:alert(1)",
      triggerButtonImage: "/media/x/chat.png",
      chatbotHeaderText: "Garden Design Help",
    });
    expect(config.headerBackgroundColor).toBe("#1b4332");
    expect(config.botMessageColor).toBe("#f5f5f5");
    expect(config.chatbotLogo).toBeUndefined();
    expect(config.triggerButtonImage).toBe("/media/x/chat.png");
    expect(config.chatbotHeaderText).toBe("Garden Design Help");
  });
});
