import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  findTextProblem,
  isUnsafeText,
  MAX_INPUT_DEPTH,
  spokenList,
  TEXT_MESSAGES,
} from "./text.ts";

describe("unsafe text", () => {
  it.each(["a\u0000b", "\ud800", "x\udbffy", "\udc00", "ok\ud83d"])("refuses %j", (value) => {
    expect(isUnsafeText(value)).toBe(true);
  });

  it.each(["", "plain", "💩 emoji pairs", "e\u0301", "ünïcödé", "\u202e"])("takes %j", (value) => {
    expect(isUnsafeText(value)).toBe(false);
  });

  it("takes every well-formed string without NUL", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (value) => {
        fc.pre(!value.includes("\u0000"));
        expect(isUnsafeText(value)).toBe(false);
      }),
    );
  });

  it("names the path of the first bad value, keys included", () => {
    expect(findTextProblem({ items: [{ sku: "ok" }, { sku: "b\u0000" }] })).toEqual({
      path: ["items", 1, "sku"],
      message: TEXT_MESSAGES.unsafe,
    });
    expect(findTextProblem({ "k\ud800": 1 })).toEqual({
      path: ["k\ud800"],
      message: TEXT_MESSAGES.unsafe,
    });
    expect(findTextProblem({ a: [1, "fine", null, { b: true }] })).toBeNull();
  });

  it("refuses nesting deeper than the limit without recursion", () => {
    let deep: unknown = "x";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findTextProblem(deep)).toEqual({ path: [], message: TEXT_MESSAGES.tooDeep });
    let fine: unknown = "x";
    for (let i = 0; i < MAX_INPUT_DEPTH; i++) fine = [fine];
    expect(findTextProblem(fine)).toBeNull();
  });
});

describe("spokenList", () => {
  it("joins a list as a sentence says it", () => {
    expect(spokenList([])).toBe("");
    expect(spokenList(["USD"])).toBe("USD");
    expect(spokenList(["the USA", "Canada"])).toBe("the USA and Canada");
    expect(spokenList(["a", "b", "c"])).toBe("a, b and c");
  });
});
