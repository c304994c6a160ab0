import { type PageDocument, type SectionItem, textBlocks } from "@storefront/domain";

/** The page-wide settings the form edits as single fields. */
export const SETTINGS = [
  ["title", "Title (HTML allowed)"],
  ["metaDescription", "Description for search engines"],
  ["image", "Image (a path like /media/… or https://…)"],
  ["imageAlt", "Image description"],
  ["backgroundColor", "Background colour"],
  ["textColor", "Text colour"],
] as const;

export const ITEM_FIELDS: [keyof SectionItem, string, "text" | "html"][] = [
  ["title", "Title", "html"],
  ["subheading", "Subheading", "text"],
  ["subheadingColor", "Subheading colour", "text"],
  ["image", "Image", "text"],
  ["imageAlt", "Image description", "text"],
  ["content", "Content (HTML)", "html"],
  ["button", "Button text", "text"],
  ["buttonLink", "Button link", "text"],
];

export type Entries = [string, string][];

/** Where shoppers read a page: the home page at /, policies under /policies/, others under /pages/. */
export function storePathOf(name: string): string {
  if (name === "homepage") return "/";
  return name.startsWith("policies/") ? `/${name}` : `/pages/${name}`;
}

/** Moves an entry of a list one place up or down. */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const next = [...list];
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(index + by, 0, item);
  return next;
}

/** The fields of one numbered entry, in the order a section shows them. */
const ENTRY_FIELDS = [
  "title",
  "subheading",
  "color",
  "image",
  "imageAlt",
  "content",
  "button",
  "buttonLink",
  "widget",
];

/** Numbered entries by their number, then in the order a section shows its fields. */
export function byEntryOrder([a]: [string, string], [b]: [string, string]): number {
  const parse = (key: string) => {
    const match = /^([a-zA-Z]+)-(\d+)$/.exec(key);
    const field = ENTRY_FIELDS.indexOf(match?.[1] ?? "");
    return [Number(match?.[2] ?? Number.MAX_SAFE_INTEGER), field < 0 ? ENTRY_FIELDS.length : field];
  };
  const [na = 0, fa = 0] = parse(a);
  const [nb = 0, fb = 0] = parse(b);
  return na - nb || fa - fb || a.localeCompare(b);
}

/** The draft split into what the form edits; keys it does not know are kept as they were. */
export function draftOf(doc: PageDocument) {
  const blocks = textBlocks(doc).map((b) => b.html);
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(doc)) {
    if (/^text-\d+$/.test(key) || key === "sections") continue;
    if (SETTINGS.some(([name]) => name === key) || key === "textAlign") continue;
    rest[key] = value;
  }
  const settings = Object.fromEntries(
    SETTINGS.map(([name]) => [name, typeof doc[name] === "string" ? (doc[name] as string) : ""]),
  ) as Record<(typeof SETTINGS)[number][0], string>;
  return {
    settings,
    textAlign: doc.textAlign ?? "",
    blocks,
    items: Array.isArray(doc.sections) ? doc.sections : null,
    entries:
      doc.sections && !Array.isArray(doc.sections)
        ? Object.entries(doc.sections).sort(byEntryOrder)
        : null,
    rest,
  };
}

export type Draft = ReturnType<typeof draftOf>;

/** The page document the draft makes: empty fields left out, text blocks numbered from 1. */
export function documentOf(draft: Draft): PageDocument {
  const doc: Record<string, unknown> = { ...draft.rest };
  for (const [name, value] of Object.entries(draft.settings)) if (value.trim()) doc[name] = value;
  if (draft.textAlign) doc.textAlign = draft.textAlign;
  draft.blocks.forEach((html, i) => {
    if (html.trim()) doc[`text-${i + 1}`] = html;
  });
  if (draft.items) {
    doc.sections = draft.items.map((item) =>
      Object.fromEntries(Object.entries(item).filter(([, v]) => v !== "" && v !== undefined)),
    );
  } else if (draft.entries) {
    doc.sections = Object.fromEntries(draft.entries.filter(([key]) => key.trim()));
  }
  return doc as PageDocument;
}
