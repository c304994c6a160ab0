/**
 * The support chatbot's model (spec section 3 "Chatbot message", "Chatbot config"; section 4
 * "Chatbot"): the messages, the widget's defaults, and the reading of what a shopper typed.
 */

export const CHAT_MESSAGE_TYPES = [
  "GENERAL_INFORMATION",
  "PRODUCT_RECOMMENDATION",
  "DISCOUNT",
  "ORDER_TRACKING",
  "QUICK_RESPONSE_MESSAGE",
] as const;
export type ChatMessageType = (typeof CHAT_MESSAGE_TYPES)[number];

export const CHAT_ROLES = ["bot", "user"] as const;
export type ChatRole = (typeof CHAT_ROLES)[number];

/** What a DISCOUNT message is about. */
export const CHAT_DISCOUNT_TYPES = [
  "free_shipping",
  "code",
  "points",
  "personal_code",
  "none",
] as const;
export type ChatDiscountType = (typeof CHAT_DISCOUNT_TYPES)[number];

/** The one message a conversation starts with (spec section 4). */
export const CHAT_GREETING = "Hello! How can I help you today?";

export const CHAT_LIMITS = {
  /** Characters of one message a shopper sends. */
  message: 500,
  /** Products a recommendation shows. */
  products: 3,
  /** Messages of one conversation the server keeps and answers (a longer one starts over). */
  conversation: 200,
  /** Characters of a page's passage quoted in an answer. */
  passage: 420,
} as const;

export const CHAT_MESSAGES = {
  empty: "Type a message first.",
  tooLong: `A message can be at most ${CHAT_LIMITS.message} characters.`,
  quickAction: "That quick action is not one of this store's.",
  configFailed: "Failed to load chatbot config, using defaults",
} as const;

/** The chatbot config's colours and header text when the store's config leaves them out. */
export const CHATBOT_DEFAULTS = {
  backgroundColor: "#ffffff",
  headerBackgroundColor: "#000000",
  headerTextColor: "#ffffff",
  inputControlsColor: "#000000",
  userTextColor: "#ffffff",
  userMessageColor: "#000000",
  botTextColor: "#000000",
  botMessageColor: "#f5f5f5",
  chatbotHeaderText: "Customer Support",
} as const;

/** What a shopper's message asks about, as the rule-based answerer reads it. */
export type ChatTopic = "order_tracking" | "discount" | GeneralTopic | "products";

/** The questions a store's own pages answer. */
export const GENERAL_TOPICS = [
  "shipping",
  "returns",
  "dosing",
  "ingredients",
  "wholesale",
  "contact",
] as const;
export type GeneralTopic = (typeof GENERAL_TOPICS)[number];

const ORDER_PATTERN =
  /\b(track(ing)?|where('?s| is) my (order|parcel|package)|my order|order (status|number)|order #?\d{3,}|shipped yet|delivery status)\b/;
const DISCOUNT_PATTERN =
  /\b(discounts?|coupons?|promo|(discount|promo|coupon|personal) codes?|codes? (i|to) (can )?use|deals?|on sale|offers?|my points|points|free shipping|save money)\b/;
const GENERAL_PATTERNS: Record<GeneralTopic, RegExp> = {
  shipping: /\b(ship(s|ping|ped)?|deliver(y|ies|ed)?|postage|arrive|courier|international)\b/,
  returns: /\b(returns?|returning|refunds?|exchanges?|money back|guarantee)\b/,
  dosing:
    /\b(dos(e|es|ing|age)|how (much|many|often) (should|do|to|can|would)|how to give|how long does (one|a) bottle)\b/,
  ingredients:
    /\b(ingredients?|herbs? (in|inside)|contains?|made (of|with|from)|alcohol|what'?s in)\b/,
  wholesale: /\b(wholesale|bulk|trade account|retailers?|stockists?|resell(er)?|distribut(e|or))\b/,
  contact: /\b(contact|phone|call you|e-?mail (you|us)|talk to|speak to|human|agent|reach you)\b/,
};

/**
 * What a message asks about: an order, a discount, the questions the store's pages answer (one
 * message may ask two: "shipping times and return policy"), else products (a condition, a pet,
 * a remedy).
 */
export function chatTopics(text: string): ChatTopic[] {
  const lower = text.toLowerCase().replace(/[’‘]/g, "'");
  if (ORDER_PATTERN.test(lower)) return ["order_tracking"];
  if (DISCOUNT_PATTERN.test(lower)) return ["discount"];
  const general = GENERAL_TOPICS.filter((topic) => GENERAL_PATTERNS[topic].test(lower));
  return general.length > 0 ? general : ["products"];
}

const RECOMMEND_PATTERN =
  /\b(recommend|suggest|which (remedy|product|one|formula)|something for|what (should|can|could) i (give|use|buy|try)|best for|remedy for|help (with|for)|cost|costs|price|prices|how much (is|are|does|do))\b/;
const QUESTION_PATTERN =
  /\?\s*$|^\s*(is|are|can|could|do|does|how|what|when|where|why|will|should|may)\b/;

/** Whether a message asks for a remedy ("which remedy…", "something for…") or its price. */
export function asksForRecommendation(text: string): boolean {
  return RECOMMEND_PATTERN.test(text.toLowerCase());
}

/** Whether a message is a question ("Is it safe with medication?"), not a description. */
export function isQuestion(text: string): boolean {
  return QUESTION_PATTERN.test(text.toLowerCase());
}

/** An order number in a message: "#1001", "order 1001", "1001". */
export function orderNumberIn(text: string): number | null {
  // Not the digits of an email address ("jo1001@example.com").
  const match = /(?:^|[^\d])#?\s*(\d{3,9})(?!\d)/.exec(text.replace(/\S+@\S+/g, " "));
  const n = match ? Number(match[1]) : Number.NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** An email address in a message, lower-cased. */
export function emailIn(text: string): string | null {
  const match = /[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[a-z]{2,}/i.exec(text);
  return match ? match[0].toLowerCase().replace(/[.]+$/, "") : null;
}

/** Whether a reply means yes / no (to "Shall I pass your question on?"). */
export function saysYes(text: string): boolean {
  return /^\s*(y|yes|yeah|yep|sure|ok(ay)?|please( do)?|yes,? please)\b/i.test(text);
}
export function saysNo(text: string): boolean {
  return /^\s*(n|no|nope|no,? thanks?|never ?mind|cancel)\b/i.test(text);
}

/**
 * Words of a message that say what the shopper is looking for: without the small words of a
 * sentence ("my dog keeps scratching" → "dog scratching"), for the search.
 */
export function productWords(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’']/g, "")
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !FILLER_WORDS.has(w))
    .join(" ");
}

const FILLER_WORDS = new Set(
  (
    "a an and any are as at be been being but by can could did do does doing during for from " +
    "get gets getting got had has have having he her help him his how i if im in into is it its " +
    "just keeps keep kind like looking me mine more most much my need needs of on or our please " +
    "really recommend recommendation remedy remedies should so some something suggest that the " +
    "their them there they this to too very want was we what whats when which who why will with " +
    "would you your yours lot lots always often all also best good something anything product " +
    "products buy give giving thing things"
  ).split(" "),
);
