// The answers the store's pages give: for a topic (shipping, returns, ...) or a question, the
// passage of its own page, the FAQ or the pages the search finds that best answers it.
import { type ChatMessage, type GeneralTopic, isQuestion, productWords } from "@storefront/domain";
import { getDocument } from "../content/index.ts";
import { find } from "../search/index.ts";
import type { ChatContext } from "./answerer.ts";
import { excerpt, type Passage, pageUrl, passageOf, passagesOf, score, stems } from "./passages.ts";
import { bot } from "./replies.ts";

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
export const strong = (text: string) => (isQuestion(text) ? 7 : 8);
/** The least score of a passage worth quoting: of a topic's own page, of any other. */
const RELEVANT_OWN = 2;
const RELEVANT = 3;

/**
 * The store's passage that best answers a question, with its score. For a topic, the page that
 * holds it comes first (shipping: the shipping policy), and answers when a passage of it is
 * relevant; otherwise the best of the FAQ and the pages the search finds; failing that, the
 * topic's page itself (its description, and the link).
 */
export async function bestPassage(
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

export function passageMessage(context: ChatContext, passage: Passage): ChatMessage {
  const text = excerpt(passage.text);
  return bot<"GENERAL_INFORMATION">(context, {
    type: "GENERAL_INFORMATION",
    message: passage.heading ? `${passage.heading} ${text}` : text,
    link: passage.page,
  });
}
