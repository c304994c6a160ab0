import { describe, expect, it } from "vitest";
import { isRecordableQuery, queryWords, searchExpression, synonymsOf } from "./search.ts";

describe("a shopper's search query", () => {
  it("is words in lower case, without accents or punctuation, at most eight", () => {
    expect(queryWords("  Itchy  DOG's!")).toEqual(["itchy", "dog", "s"]);
    expect(queryWords("Crème brûlée")).toEqual(["creme", "brulee"]);
    expect(queryWords("a b c d e f g h i j")).toHaveLength(8);
    expect(queryWords("!!!")).toEqual([]);
  });

  const synonyms = synonymsOf([
    { term: "Hot spots", expandsTo: "Allergies" },
    { term: "itchy", expandsTo: "allergies" },
    { term: "scratching", expandsTo: "allergies" },
    { term: "urinary tract", expandsTo: "urinary" },
  ]);

  it("becomes groups of alternatives: the word as a prefix, its synonyms, its correction", () => {
    expect(searchExpression(["itchy", "dog"], synonyms, new Map(), "all")).toBe(
      "(itchy:* | allergies) & dog:*",
    );
    expect(searchExpression(["hot", "spots"], synonyms, new Map(), "all")).toBe(
      "(hot <-> spots:* | allergies)",
    );
    expect(
      searchExpression(["scrching"], synonyms, new Map([["scrching", "scratching"]]), "all"),
    ).toBe("(scrching:* | scratching | allergies)");
    expect(searchExpression(["itchy", "dog"], synonyms, new Map(), "any")).toBe(
      "(itchy:* | allergies) | dog:*",
    );
    expect(searchExpression([], synonyms, new Map(), "all")).toBe("");
  });

  it("keeps out of the store's list what looks like an email address or a long number", () => {
    expect(isRecordableQuery("itchy dog")).toBe(true);
    expect(isRecordableQuery("2 fl oz")).toBe(true);
    expect(isRecordableQuery("me@example.com")).toBe(false);
    expect(isRecordableQuery("order 1234567")).toBe(false);
    expect(isRecordableQuery("555-123-4567")).toBe(false);
  });
});
