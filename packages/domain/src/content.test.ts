import { describe, expect, it } from "vitest";
import {
  isEmptyPage,
  mapPageHtml,
  normalizeSections,
  pageHasWidget,
  pageNameFromPath,
  textBlocks,
} from "./content.ts";
import { PageDocumentSchema, PageNameSchema } from "./content-schema.ts";

describe("page names", () => {
  it.each([
    ["pages/about", "about"],
    ["/pages/About/", "about"],
    ["policies/refund-policy", "policies/refund-policy"],
    ["", "homepage"],
    ["HomePage", "homepage"],
  ])("path %s asks for page %s", (path, name) => {
    expect(pageNameFromPath(path)).toBe(name);
  });

  it("refuses names that could escape the page store", () => {
    expect(PageNameSchema.safeParse("../secrets").success).toBe(false);
    expect(PageNameSchema.safeParse("a//b").success).toBe(false);
    expect(PageNameSchema.safeParse("about").success).toBe(true);
    expect(PageNameSchema.safeParse("policies/refund-policy").success).toBe(true);
  });
});

describe("text blocks", () => {
  it("are the text-N keys sorted by number, not by text", () => {
    const blocks = textBlocks({ "text-10": "ten", "text-2": "two", title: "x", "text-1": "one" });
    expect(blocks.map((b) => b.html)).toEqual(["one", "two", "ten"]);
  });
});

describe("sections", () => {
  it("form one: image and content make a two-column row; a button needs both label and link", () => {
    const sections = normalizeSections([
      { title: "Row", image: "/a.jpg", content: "<p>c</p>", imgLeft: true },
      { title: "Block", button: "Shop", buttonLink: "/collections/all" },
      { title: "No link", button: "Orphan" },
    ]);
    expect(sections.map((s) => s.layout)).toEqual(["two-column", "centered", "centered"]);
    expect(sections[0]?.imgLeft).toBe(true);
    expect(sections[1]?.button).toBe("Shop");
    expect(sections[2]?.button).toBeUndefined();
  });

  it("form two: keyed entries in number order, button-N only with buttonLink-N", () => {
    const sections = normalizeSections({
      "title-2": "Second",
      "title-1": "First",
      "subheading-1": "Sub",
      "color-1": "#b83424",
      "button-1": "Hidden",
      "button-2": "Go",
      "buttonLink-2": "/pages/faq",
    });
    expect(sections.map((s) => s.title)).toEqual(["First", "Second"]);
    expect(sections[0]).toMatchObject({ subheading: "Sub", subheadingColor: "#b83424" });
    expect(sections[0]?.button).toBeUndefined();
    expect(sections[1]).toMatchObject({ button: "Go", buttonLink: "/pages/faq" });
  });
});

describe("widgets", () => {
  it("an item naming a widget places that feature among the sections under its title, and nothing else of it", () => {
    const page = PageDocumentSchema.parse({
      sections: [
        { title: "Intro" },
        { widget: "garden-design-form", title: "Tell us about your garden", content: "ignored" },
      ],
    });
    expect(normalizeSections(page.sections)).toEqual([
      {
        title: "Intro",
        key: "item-0",
        layout: "centered",
        button: undefined,
        buttonLink: undefined,
      },
      {
        widget: "garden-design-form",
        title: "Tell us about your garden",
        key: "item-1",
        layout: "widget",
      },
    ]);
    expect(pageHasWidget(page, "garden-design-form")).toBe(true);
    expect(isEmptyPage({ sections: [{ widget: "garden-design-form" }] })).toBe(false);
  });

  it("form two places a widget with widget-N, under title-N", () => {
    const sections = { "title-1": "Intro", "title-2": "Shop by condition", "widget-2": "products" };
    expect(normalizeSections(sections)[1]).toEqual({
      widget: "products",
      title: "Shop by condition",
      key: "entry-2",
      layout: "widget",
    });
    expect(pageHasWidget({ sections }, "products")).toBe(true);
    // A name that is not a widget leaves the entry an ordinary block.
    expect(normalizeSections({ "title-1": "x", "widget-1": "chat" })[0]?.layout).toBe("centered");
  });

  it("a page without the widget does not enable it, and an unknown widget is refused", () => {
    expect(pageHasWidget({ sections: [{ title: "Intro" }] }, "garden-design-form")).toBe(false);
    expect(pageHasWidget({ sections: { "title-1": "x" } }, "garden-design-form")).toBe(false);
    expect(pageHasWidget({}, "garden-design-form")).toBe(false);
    expect(PageDocumentSchema.safeParse({ sections: [{ widget: "chat" }] }).success).toBe(false);
  });
});

describe("pages", () => {
  it("a page with no title, image, text or sections is empty", () => {
    expect(isEmptyPage({})).toBe(true);
    expect(isEmptyPage({ backgroundColor: "#fff" })).toBe(true);
    expect(isEmptyPage({ "text-1": "<p>Hi</p>" })).toBe(false);
  });

  it("mapPageHtml reaches the title, text blocks and section titles and contents", () => {
    const upper = (html: string) => html.toUpperCase();
    const mapped = mapPageHtml(
      {
        title: "t",
        "text-1": "a",
        sections: [{ title: "s", content: "c", button: "b" }],
      },
      upper,
    );
    expect(mapped).toMatchObject({
      title: "T",
      "text-1": "A",
      sections: [{ title: "S", content: "C", button: "b" }],
    });
    const keyed = mapPageHtml({ sections: { "content-1": "x", "button-1": "y" } }, upper);
    expect(keyed.sections).toEqual({ "content-1": "X", "button-1": "y" });
  });
});
