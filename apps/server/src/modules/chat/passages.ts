// The ranking of a page's text: its passages (each FAQ answer, text block and section), cut and
// stemmed once per version of the page, and how well each answers the shopper's words.
import { CHAT_LIMITS, normalizeSections, type PageDocument, textBlocks } from "@storefront/domain";

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
export function excerpt(text: string, max: number = CHAT_LIMITS.passage): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const sentence = cut.lastIndexOf(". ");
  if (sentence > max / 2) return cut.slice(0, sentence + 1);
  return `${cut.slice(0, cut.lastIndexOf(" "))}…`;
}

export interface Passage {
  page: { title: string; url: string };
  heading: string;
  text: string;
  /** The stems of the heading and of the text, as `score` compares them. */
  headingStems: Set<string>;
  textStems: Set<string>;
}

export const pageUrl = (name: string) =>
  name.startsWith("policies/") ? `/${name}` : `/pages/${name}`;

/**
 * Each document's passages, kept while the document is: the store's answers keep one object per
 * document until it changes, so a page is cut and stemmed once per version, not per message.
 */
const passagesByDocument = new WeakMap<Record<string, unknown>, Passage[]>();

/** A page's passages: each FAQ question with its answer, each text block, each section. */
export function passagesOf(name: string, doc: Record<string, unknown>): Passage[] {
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
export const stems = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length > 2)
      .map(stem),
  );

export const passageOf = (page: Passage["page"], heading: string, text: string): Passage => ({
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
export function score(passage: Passage, asked: Set<string>, topic: Set<string>): number {
  const { headingStems: heading, textStems: text } = passage;
  let total = 0;
  for (const word of asked) {
    if (!topic.has(word)) total += (heading.has(word) ? 4 : 0) + (text.has(word) ? 3 : 0);
  }
  for (const word of topic) total += (heading.has(word) ? 1 : 0) + (text.has(word) ? 1 : 0);
  return total;
}
