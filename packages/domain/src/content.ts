import type { PageDocument, SectionItem } from "./content-schema.ts";

// No schema here: pages that only read documents take these without zod (whose check for eval
// the pages' Content-Security-Policy reports).

/**
 * Features a page document can place among its sections, by name: an item `{ "widget": name }`
 * shows that feature there, under its `title` when it has one. A store enables the Garden Design
 * Form by placing it on its home page; "products" is the grid of the store's products.
 */
export const PAGE_WIDGETS = ["garden-design-form", "products", "trade-application-form"] as const;
export type PageWidget = (typeof PAGE_WIDGETS)[number];

export const DEFAULT_PAGE = "homepage";

/**
 * The page name a path asks for: lower-cased, surrounding slashes and a leading 'pages/' removed.
 * @example pageNameFromPath("/pages/About") // "about"
 * @example pageNameFromPath("policies/refund-policy") // "policies/refund-policy"
 */
export function pageNameFromPath(path: string): string {
  const trimmed = path.replace(/^\/+|\/+$/g, "").toLowerCase();
  const name = trimmed.startsWith("pages/") ? trimmed.slice("pages/".length) : trimmed;
  return name === "" ? DEFAULT_PAGE : name;
}

/** One rendered section item, whichever form it came from; "widget": a feature placed there. */
export interface NormalizedSection extends SectionItem {
  key: string;
  layout: "two-column" | "centered" | "widget";
}

/** The numbered text blocks of a page (keys 'text-N'), sorted by N. */
export function textBlocks(doc: Record<string, unknown>): { key: string; html: string }[] {
  return Object.entries(doc)
    .map(([key, value]) => ({ key, value, n: /^text-(\d+)$/.exec(key)?.[1] }))
    .filter((e): e is { key: string; value: string; n: string } => {
      return e.n !== undefined && typeof e.value === "string";
    })
    .sort((a, b) => Number(a.n) - Number(b.n))
    .map((e) => ({ key: e.key, html: e.value }));
}

/**
 * Both section forms as one list. Form one: an item with both image and content is a two-column
 * row, others a centered block with a button only if both button and buttonLink exist. Form two:
 * entries title-N, subheading-N (colour color-N), image-N, content-N, button-N shown only when
 * buttonLink-N exists; each N is a centered block, or with widget-N that feature under title-N.
 */
export function normalizeSections(sections: PageDocument["sections"]): NormalizedSection[] {
  if (!sections) return [];
  if (Array.isArray(sections)) {
    return sections.map((item, index) => {
      if (item.widget) {
        return { widget: item.widget, title: item.title, key: `item-${index}`, layout: "widget" };
      }
      const twoColumn = Boolean(item.image && item.content);
      const hasButton = Boolean(item.button && item.buttonLink);
      return {
        ...item,
        button: hasButton ? item.button : undefined,
        buttonLink: hasButton ? item.buttonLink : undefined,
        key: `item-${index}`,
        layout: twoColumn ? "two-column" : "centered",
      };
    });
  }
  const numbers = new Set<number>();
  for (const key of Object.keys(sections)) {
    const n = /^[a-zA-Z]+-(\d+)$/.exec(key)?.[1];
    if (n !== undefined) numbers.add(Number(n));
  }
  return [...numbers]
    .sort((a, b) => a - b)
    .map((n): NormalizedSection => {
      const widget = PAGE_WIDGETS.find((w) => w === sections[`widget-${n}`]);
      if (widget)
        return { widget, title: sections[`title-${n}`], key: `entry-${n}`, layout: "widget" };
      const link = sections[`buttonLink-${n}`];
      return {
        key: `entry-${n}`,
        layout: "centered" as const,
        title: sections[`title-${n}`],
        subheading: sections[`subheading-${n}`],
        subheadingColor: sections[`color-${n}`],
        image: sections[`image-${n}`],
        imageAlt: sections[`imageAlt-${n}`],
        content: sections[`content-${n}`],
        button: link ? sections[`button-${n}`] : undefined,
        buttonLink: link || undefined,
      };
    });
}

/**
 * Whether a page document places the widget among its sections.
 * @example pageHasWidget({ sections: [{ widget: "garden-design-form" }] }, "garden-design-form") // true
 */
export function pageHasWidget(doc: PageDocument, widget: PageWidget): boolean {
  return normalizeSections(doc.sections).some((section) => section.widget === widget);
}

/** True when a page document has nothing to show. */
export function isEmptyPage(doc: PageDocument): boolean {
  return (
    !doc.title &&
    !doc.image &&
    textBlocks(doc).length === 0 &&
    normalizeSections(doc.sections).length === 0
  );
}

/** The HTML-bearing fields of a page document, so they can be sanitised in one place. */
export function mapPageHtml(doc: PageDocument, sanitize: (html: string) => string): PageDocument {
  const out: Record<string, unknown> = { ...doc };
  if (typeof doc.title === "string") out.title = sanitize(doc.title);
  for (const { key, html } of textBlocks(doc)) out[key] = sanitize(html);
  if (Array.isArray(doc.sections)) {
    out.sections = doc.sections.map((item) => ({
      ...item,
      ...(item.title === undefined ? {} : { title: sanitize(item.title) }),
      ...(item.content === undefined ? {} : { content: sanitize(item.content) }),
    }));
  } else if (doc.sections) {
    out.sections = Object.fromEntries(
      Object.entries(doc.sections).map(([key, value]) => [
        key,
        /^(title|content)-\d+$/.test(key) ? sanitize(value) : value,
      ]),
    );
  }
  return out as PageDocument;
}

/**
 * What content HTML may hold (sanitize-html's options): the spec's sections need headings,
 * paragraphs, lists, links, images and tables, and the text around them. Everything else goes:
 * scripts, event handlers and javascript: URLs; styles and style attributes that could lay a fake
 * panel over the page; forms and their controls that could collect what a shopper types; ids and
 * names that could clobber the page's own globals. A tag that goes keeps its text, except those
 * whose text is code (script, style). Both sanitisers (the server's, before storing and answering,
 * and the web's, before rendering) use these options.
 */
export const CONTENT_SANITIZE_OPTIONS = {
  allowedTags: [
    ...["h1", "h2", "h3", "h4", "h5", "h6", "p", "br", "hr", "div", "span", "blockquote", "pre"],
    ...["article", "section", "aside", "header", "footer", "address", "figure", "figcaption"],
    ...["strong", "b", "em", "i", "u", "s", "small", "sub", "sup", "mark", "del", "ins"],
    ...["abbr", "cite", "code", "kbd", "samp", "var", "q", "dfn", "time", "data", "wbr"],
    ...["bdi", "bdo", "ruby", "rp", "rt", "ul", "ol", "li", "dl", "dt", "dd", "details"],
    ...["summary", "a", "img", "picture", "source", "table", "caption", "colgroup", "col"],
    ...["thead", "tbody", "tfoot", "tr", "th", "td"],
  ],
  allowedAttributes: {
    "*": ["class", "title", "lang", "dir", "role", "aria-*", "data-*"],
    a: ["href", "target", "rel", "hreflang"],
    img: ["src", "srcset", "sizes", "alt", "width", "height", "loading", "decoding"],
    source: ["src", "srcset", "sizes", "type", "media", "width", "height"],
    th: ["colspan", "rowspan", "headers", "scope", "abbr"],
    td: ["colspan", "rowspan", "headers"],
    col: ["span"],
    colgroup: ["span"],
    ol: ["start", "reversed", "type"],
    li: ["value"],
    time: ["datetime"],
    data: ["value"],
    q: ["cite"],
    blockquote: ["cite"],
    del: ["cite", "datetime"],
    ins: ["cite", "datetime"],
    details: ["open"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  // Their text is code, never words to show.
  nonTextTags: ["script", "style", "noscript", "template", "iframe", "object", "svg", "math"],
  disallowedTagsMode: "discard" as const,
};
