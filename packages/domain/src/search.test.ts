import { describe, expect, it } from "vitest";
import { isRecordableQuery, queryWords, searchGroups, synonymsOf } from "./search.ts";

describe("a shopper's search query", () => {
  it("is words in lower case, without accents or punctuation, at most eight", () => {
    expect(queryWords("  Itchy  DOG's!")).toEqual(["itchy", "dogs"]);
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

  const simple = (query: string) => ({ config: "simple", query });
  const english = (query: string) => ({ config: "english", query });

  it("becomes groups of alternatives: the word as a prefix (as typed and stemmed), its synonyms, its correction", () => {
    expect(searchGroups(["itchy", "dog"], synonyms, new Map())).toEqual([
      [simple("itchy:*"), english("itchy:*"), english("allergies")],
      [simple("dog:*"), english("dog:*")],
    ]);
    expect(searchGroups(["hot", "spots"], synonyms, new Map())).toEqual([
      [simple("hot <-> spots:*"), english("hot <-> spots:*"), english("allergies")],
    ]);
    expect(searchGroups(["scrching"], synonyms, new Map([["scrching", "scratching"]]))).toEqual([
      [simple("scrching:*"), english("scrching:*"), english("scratching"), english("allergies")],
    ]);
    expect(searchGroups([], synonyms, new Map())).toEqual([]);
  });

  it("reads an apostrophe as nothing, as the index does", () => {
    expect(queryWords("Can't poo")).toEqual(["cant", "poo"]);
  });

  it("keeps out of the store's list what looks like an email address or a long number", () => {
    expect(isRecordableQuery("itchy dog")).toBe(true);
    expect(isRecordableQuery("2 fl oz")).toBe(true);
    expect(isRecordableQuery("me@example.com")).toBe(false);
    expect(isRecordableQuery("order 1234567")).toBe(false);
    expect(isRecordableQuery("555-123-4567")).toBe(false);
    expect(isRecordableQuery("555.123.4567")).toBe(false);
    expect(isRecordableQuery("(555) 123 4567")).toBe(false);
    expect(isRecordableQuery("me＠example.com")).toBe(false);
    expect(isRecordableQuery("１２３４５６７")).toBe(false);
  });
});
