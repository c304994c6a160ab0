import { describe, expect, it } from "vitest";
import type { Database } from "../db/index.ts";
import { AnswerCache } from "./answer-cache.ts";

// The cache keeps its answers per database object; these tests need no database behind it.
const db = {} as Database;
let named = 0;
function newCache(): AnswerCache {
  named += 1;
  return new AnswerCache(`answer-cache-test-${named}`, 100, 60_000);
}

describe("AnswerCache.getMany", () => {
  it("reads only the keys it does not hold, all in one read, and answers in the keys' order", async () => {
    const cache = newCache();
    await cache.get(db, "b", async () => "B (held)");
    const asked: string[][] = [];
    const answers = await cache.getMany(db, ["a", "b", "c"], async (missing) => {
      asked.push(missing.map((i) => ["a", "b", "c"][i] as string));
      return missing.map((i) => `${["a", "b", "c"][i]} (read)`);
    });
    expect(answers).toEqual(["a (read)", "B (held)", "c (read)"]);
    expect(asked).toEqual([["a", "c"]]);
    // Read once, then held for the next callers, whether they ask for one key or many.
    expect(await cache.get(db, "c", async () => "c (again)")).toBe("c (read)");
    const again = await cache.getMany(db, ["c", "a"], async () => {
      throw new Error("nothing should be read");
    });
    expect(again).toEqual(["c (read)", "a (read)"]);
  });

  it("shares a read still in flight with a caller asking for the same key", async () => {
    const cache = newCache();
    let reads = 0;
    const slow = async (missing: readonly number[]) => {
      reads += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return missing.map(() => reads);
    };
    const [first, second] = await Promise.all([
      cache.getMany(db, ["x", "y"], slow),
      cache.getMany(db, ["y", "x"], slow),
    ]);
    expect(first).toEqual([1, 1]);
    expect(second).toEqual([1, 1]);
    expect(reads).toBe(1);
  });

  it("does not keep a failed read: the next caller reads the keys again", async () => {
    const cache = newCache();
    await expect(
      cache.getMany(db, ["p", "q"], async () => {
        throw new Error("the database went away");
      }),
    ).rejects.toThrow("the database went away");
    const answers = await cache.getMany(db, ["p", "q"], async (missing) =>
      missing.map((i) => `fresh ${i}`),
    );
    expect(answers).toEqual(["fresh 0", "fresh 1"]);
  });
});
