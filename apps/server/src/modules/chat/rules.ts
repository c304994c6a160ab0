import {
  asksForRecommendation,
  CHAT_LIMITS,
  type ChatMessage,
  type ChatMessageOf,
  type ChatMessageType,
  COUNTRIES,
  COUNTRY_WORDS,
  chatTopics,
  countryOfCurrency,
  currencyOfCountry,
  emailIn,
  formatMoney,
  type GeneralTopic,
  isQuestion,
  normalizeSections,
  type OrderStatus,
  orderNumberIn,
  type PageDocument,
  pointsValue,
  productWords,
  saysNo,
  saysYes,
  TRADE_MESSAGES,
  textBlocks,
} from "@storefront/domain";
import { and, asc, desc, eq, gt } from "drizzle-orm";
import { discountCodes, orderLines, orders } from "../../db/schema.ts";
import { getDocument } from "../content/index.ts";
import { discountInCurrency, notExpired } from "../discounts/index.ts";
import { find } from "../search/index.ts";
import { getCheckoutSettings, getTradeTerms } from "../stores/index.ts";
import type { ChatAnswerer, ChatContext, ChatReply } from "./answerer.ts";

type BotMessage<T extends ChatMessageType> = Omit<ChatMessageOf<T>, "role" | "timestamp">;

function bot<T extends ChatMessageType>(context: ChatContext, message: BotMessage<T>): ChatMessage {
  return { role: "bot", timestamp: context.now.toISOString(), ...message } as ChatMessage;
}

const reply = (messages: ChatMessage[], state: ChatReply["state"] = {}): ChatReply => ({
  messages,
  state,
});

/** Plain text of a page's HTML (the answers are text; the widget never renders HTML). */
export function htmlToText(html: string): string {
  return html
    .replace(/<(br|\/p|\/li|\/h\d|\/div)\s*\/?>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#0*39;|&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

/** The text cut at a sentence end near `max` characters (or a word end, with an ellipsis). */
function excerpt(text: string, max: number = CHAT_LIMITS.passage): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const sentence = cut.lastIndexOf(". ");
  if (sentence > max / 2) return cut.slice(0, sentence + 1);
  return `${cut.slice(0, cut.lastIndexOf(" "))}…`;
}

/** Words that point each topic to its passages, beside the shopper's own. */
const TOPIC_WORDS: Record<GeneralTopic, string[]> = {
  shipping: ["shipping", "ship", "delivery", "days", "business", "time", "arrive", "dispatch"],
  returns: ["return", "returns", "refund", "guarantee", "happiness"],
  dosing: ["dose", "dosing", "weight", "drops", "twice", "daily", "bottle"],
  ingredients: ["herbs", "herb", "ingredients", "alcohol", "inside", "combines"],
  wholesale: ["wholesale", "trade", "retailers", "stockists", "bulk"],
  contact: ["contact", "email", "phone", "reach", "hours"],
};

/**
 * The page given over to a topic (as the demo stores and most shops name it): looked in first,
 * and when none of its passages fits, its own description answers. Dosing and ingredients have
 * none: the FAQ and each remedy's pages, which the search finds, tell them.
 */
const TOPIC_PAGES: Record<GeneralTopic, string | null> = {
  shipping: "policies/shipping-policy",
  returns: "policies/refund-policy",
  dosing: null,
  ingredients: null,
  wholesale: "wholesale",
  contact: "contact",
};

interface Passage {
  page: { title: string; url: string };
  heading: string;
  text: string;
  /** The stems of the heading and of the text, as `score` compares them. */
  headingStems: Set<string>;
  textStems: Set<string>;
}

const pageUrl = (name: string) => (name.startsWith("policies/") ? `/${name}` : `/pages/${name}`);

/**
 * Each document's passages, kept while the document is: the store's answers keep one object per
 * document until it changes, so a page is cut and stemmed once per version, not per message.
 */
const passagesByDocument = new WeakMap<Record<string, unknown>, Passage[]>();

/** A page's passages: each FAQ question with its answer, each text block, each section. */
function passagesOf(name: string, doc: Record<string, unknown>): Passage[] {
  const kept = passagesByDocument.get(doc);
  if (kept) return kept;
  const title = typeof doc.title === "string" ? doc.title : name;
  const page = { title, url: pageUrl(name) };
  const found: Passage[] = [];
  for (const block of textBlocks(doc)) {
    for (const part of block.html.split(/<\/(?:p|li)>/i)) {
      const text = htmlToText(part);
      if (text.length > 20) found.push(passageOf(page, "", text));
    }
  }
  const sections = normalizeSections(doc.sections as PageDocument["sections"]);
  for (const section of sections) {
    const text = htmlToText(section.content ?? "");
    if (text.length > 0) found.push(passageOf(page, section.title ?? "", text));
  }
  passagesByDocument.set(doc, found);
  return found;
}

/** A word's stem as the passages are compared: its first four letters ("ship", "shipping"). */
const stem = (word: string) => word.slice(0, 4);
const stems = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length > 2)
      .map(stem),
  );

const passageOf = (page: Passage["page"], heading: string, text: string): Passage => ({
  page,
  heading,
  text,
  headingStems: stems(heading),
  textStems: stems(text),
});

/**
 * How well a passage answers: the shopper's own words count more than the topic's ("canada" says
 * more than "ship" in "do you ship to canada?"), and more again in a heading (an FAQ's question).
 */
function score(passage: Passage, asked: Set<string>, topic: Set<string>): number {
  const { headingStems: heading, textStems: text } = passage;
  let total = 0;
  for (const word of asked) {
    if (!topic.has(word)) total += (heading.has(word) ? 4 : 0) + (text.has(word) ? 3 : 0);
  }
  for (const word of topic) total += (heading.has(word) ? 1 : 0) + (text.has(word) ? 1 : 0);
  return total;
}

/** The page names the search finds for words (a page's path back to its document's name). */
async function pagesFor(context: ChatContext, words: string): Promise<string[]> {
  if (words.trim() === "") return [];
  const found = await find(context.db, context.storeId, {
    q: words,
    limit: 3,
    type: "page",
    currency: context.currency,
    priceList: context.priceList,
  });
  return found.pages.map((p) => p.url.replace(/^\/pages\//, "").replace(/^\//, ""));
}

/**
 * A passage's score that answers a message outright: a question with one of its words in the
 * passage's heading and text ("Is it safe with medication?"), anything else with two.
 */
const strong = (text: string) => (isQuestion(text) ? 7 : 8);
/** The least score of a passage worth quoting: of a topic's own page, of any other. */
const RELEVANT_OWN = 2;
const RELEVANT = 3;

/**
 * The store's passage that best answers a question, with its score. For a topic, the page that
 * holds it comes first (shipping: the shipping policy), and answers when a passage of it is
 * relevant; otherwise the best of the FAQ and the pages the search finds; failing that, the
 * topic's page itself (its description, and the link).
 */
async function bestPassage(
  context: ChatContext,
  text: string,
  topic: GeneralTopic | null,
): Promise<{ passage: Passage; score: number } | null> {
  const words = productWords(text);
  const asked = stems(words);
  const topicStems = stems(topic ? TOPIC_WORDS[topic].join(" ") : "");
  const bestOf = async (name: string, least: number) => {
    const doc = await getDocument(context.db, context.storeId, "master", name).catch(() => null);
    let best: { passage: Passage; score: number } | null = null;
    for (const passage of doc ? passagesOf(name, doc) : []) {
      const s = score(passage, asked, topicStems);
      if (s >= least && s > (best?.score ?? 0)) best = { passage, score: s };
    }
    return { doc, best };
  };
  const own = topic ? TOPIC_PAGES[topic] : null;
  if (own) {
    const { doc, best } = await bestOf(own, RELEVANT_OWN);
    if (best) return best;
    const about = typeof doc?.metaDescription === "string" ? doc.metaDescription : "";
    if (doc && about) {
      const title = typeof doc.title === "string" ? doc.title : own;
      const page = { title, url: pageUrl(own) };
      return { passage: passageOf(page, "", about), score: RELEVANT_OWN };
    }
  }
  let best: { passage: Passage; score: number } | null = null;
  for (const name of new Set(["faq", ...(await pagesFor(context, words))])) {
    const found = (await bestOf(name, RELEVANT)).best;
    if (found && found.score > (best?.score ?? 0)) best = found;
  }
  return best;
}

function passageMessage(context: ChatContext, passage: Passage): ChatMessage {
  const text = excerpt(passage.text);
  return bot<"GENERAL_INFORMATION">(context, {
    type: "GENERAL_INFORMATION",
    message: passage.heading ? `${passage.heading} ${text}` : text,
    link: passage.page,
  });
}

const STATUS_TEXT: Record<OrderStatus, string> = {
  awaiting_payment: "is waiting for its payment to be completed",
  paid: "is paid and with the team to pack and send",
  declined: "was not placed: the card was declined",
  expired: "was not placed: its payment was not completed in time",
  canceled: "was cancelled",
};

const DATE = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

/** Where an order is: its status, or once the store sent it, when, with whom and its number. */
function statusText(order: {
  status: OrderStatus;
  shippedAt: Date | null;
  carrier: string | null;
  trackingNumber: string | null;
}): string {
  if (order.status === "paid" && order.shippedAt && order.trackingNumber) {
    return `was shipped on ${DATE.format(order.shippedAt)} with ${order.carrier ?? "the carrier"}, tracking number ${order.trackingNumber}`;
  }
  return STATUS_TEXT[order.status];
}

/** The order with this number and email, in this store only; a mismatch is counted. */
async function trackOrder(context: ChatContext, number: number, email: string): Promise<ChatReply> {
  await context.orderLookups.check(number);
  const [order] = await context.db
    .select({
      id: orders.id,
      status: orders.status,
      createdAt: orders.createdAt,
      shippedAt: orders.shippedAt,
      carrier: orders.carrier,
      trackingNumber: orders.trackingNumber,
    })
    .from(orders)
    .where(
      and(
        eq(orders.storeId, context.storeId),
        eq(orders.number, number),
        eq(orders.email, email.trim().toLowerCase()),
      ),
    );
  if (!order) {
    await context.orderLookups.failed(number);
    return reply(
      [
        bot<"ORDER_TRACKING">(context, {
          type: "ORDER_TRACKING",
          message: `I couldn't find an order #${number} placed with that email address. Please check both (they are in your order confirmation email) and send the order number again.`,
        }),
      ],
      { awaiting: "order_number" },
    );
  }
  const lines = await context.db
    .select({ title: orderLines.title, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position));
  const items = lines.map((l) => `${l.quantity} × ${l.title}`).join(", ");
  return reply([
    bot<"ORDER_TRACKING">(context, {
      type: "ORDER_TRACKING",
      message: `Order #${number}, placed on ${DATE.format(order.createdAt)}, ${statusText(order)}. It holds ${items}.`,
      order: {
        number,
        status: order.status,
        placedAt: order.createdAt.toISOString(),
        lines,
      },
    }),
  ]);
}

function askOrderNumber(context: ChatContext): ChatReply {
  return reply(
    [
      bot<"ORDER_TRACKING">(context, {
        type: "ORDER_TRACKING",
        message:
          "I can look that up. What is your order number? It is in your order confirmation email (for example #1001).",
      }),
    ],
    { awaiting: "order_number" },
  );
}

function askOrderEmail(context: ChatContext, number: number): ChatReply {
  return reply(
    [
      bot<"ORDER_TRACKING">(context, {
        type: "ORDER_TRACKING",
        message: `Thanks. Which email address was order #${number} placed with?`,
      }),
    ],
    { awaiting: "order_email", orderNumber: number },
  );
}

/** What applies today: free shipping, the store's public codes, the shopper's points and code. */
async function discounts(context: ChatContext): Promise<ChatReply> {
  const { currency, visitor } = context;
  const messages: ChatMessage[] = [];
  const { freeShipping } = await getCheckoutSettings(context.db, context.storeId);
  const home = countryOfCurrency(currency);
  const own = freeShipping[home];
  // Where the store ships free in another currency, said so a shopper can choose it.
  const elsewhere = COUNTRIES.flatMap((country) => {
    const threshold = freeShipping[country];
    return country !== home && threshold !== undefined ? [{ country, threshold }] : [];
  })[0];
  const message =
    own !== undefined
      ? `Orders of ${formatMoney(own, currency)} or more ship free within ${COUNTRY_WORDS[home].place}.`
      : elsewhere !== undefined
        ? `Free shipping is for ${COUNTRY_WORDS[elsewhere.country].adjective} orders paid in ${COUNTRY_WORDS[elsewhere.country].money}, of ${formatMoney(elsewhere.threshold, currencyOfCountry(elsewhere.country))} or more; orders in ${COUNTRY_WORDS[home].money} pay the shipping shown at checkout.`
        : null;
  if (message !== null) {
    messages.push(
      bot<"DISCOUNT">(context, { type: "DISCOUNT", discountType: "free_shipping", message }),
    );
  }
  const codes = await context.db
    .select()
    .from(discountCodes)
    .where(
      and(
        eq(discountCodes.storeId, context.storeId),
        eq(discountCodes.active, true),
        eq(discountCodes.public, true),
        gt(discountCodes.maxRedemptions, discountCodes.redemptions),
        notExpired,
      ),
    )
    .orderBy(desc(discountCodes.createdAt), asc(discountCodes.code));
  const offers = codes.flatMap((code) => {
    const terms = discountInCurrency(code, currency);
    const { discount_percentage: percentage, discount_amount: amount } = terms;
    const cap = terms.max_redeemable_amount;
    const off =
      percentage != null
        ? `${percentage}% off${cap != null ? ` (at most ${formatMoney(cap, currency)})` : ""}`
        : amount != null
          ? `${formatMoney(amount, currency)} off`
          : null;
    return off
      ? [
          `${code.code.toUpperCase()} for ${off}${code.oncePerCustomer ? ", once per customer" : ""}`,
        ]
      : [];
  });
  messages.push(
    bot<"DISCOUNT">(context, {
      type: "DISCOUNT",
      discountType: offers.length > 0 ? "code" : "none",
      message:
        offers.length > 0
          ? `You can use ${offers.join("; or ")}: enter it in your cart.`
          : "There is no discount code to share right now.",
    }),
  );
  if (visitor && context.priceList === "trade") {
    // A trade account buys at trade prices: no points, no personal codes, and a least order.
    const minimum = (await getTradeTerms(context.db, context.storeId)).minimumOrder[currency];
    messages.push(
      bot<"DISCOUNT">(context, {
        type: "DISCOUNT",
        discountType: "points",
        message: `You see our trade prices. ${TRADE_MESSAGES.points} ${TRADE_MESSAGES.personalCode}${
          minimum !== undefined
            ? ` Trade orders start at ${formatMoney(minimum, currency)} before shipping and tax.`
            : ""
        }`,
      }),
    );
  } else if (visitor) {
    messages.push(
      bot<"DISCOUNT">(context, {
        type: "DISCOUNT",
        discountType: "points",
        message:
          visitor.pointsBalance > 0
            ? `You have ${visitor.pointsBalance} points, worth ${formatMoney(pointsValue(visitor.pointsBalance), currency)} off your next order at checkout.`
            : "You have no points yet: every order earns some.",
      }),
    );
    if (visitor.discountCode) {
      messages.push(
        bot<"DISCOUNT">(context, {
          type: "DISCOUNT",
          discountType: "personal_code",
          message: `Your personal code ${visitor.discountCode} gives your friends ${visitor.discountPercentage}% off their order.`,
        }),
      );
    }
  } else {
    const last = messages.at(-1);
    if (last) last.message += " Sign in to see your points.";
  }
  return reply(messages);
}

/** The store's remedies for what the shopper describes ("my dog keeps scratching"). */
async function recommend(context: ChatContext, text: string): Promise<ChatReply | null> {
  const words = productWords(text);
  if (words === "") return null;
  const found = await find(context.db, context.storeId, {
    q: words,
    limit: CHAT_LIMITS.products,
    type: "product",
    currency: context.currency,
    priceList: context.priceList,
  });
  const [first, ...others] = found.products;
  if (!first) return null;
  return reply([
    bot<"PRODUCT_RECOMMENDATION">(context, {
      type: "PRODUCT_RECOMMENDATION",
      message:
        others.length > 0
          ? `I'd suggest ${first.product_title}. These may help too:`
          : `I'd suggest ${first.product_title}:`,
      products: found.products,
      productHandle: first.handle,
    }),
  ]);
}

function offerHandoff(context: ChatContext, question: string): ChatReply {
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

function handedOff(context: ChatContext, question: string, email: string | null): ChatReply {
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
