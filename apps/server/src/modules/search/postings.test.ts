import { describe, expect, it } from "vitest";
import { bestOf, entriesOf, type Postings, postingsOf, SizedCache } from "./postings.ts";

// Two pages, then five products, each kind in its title's order.
const entries = entriesOf(["faq", "shipping"], ["p-a", "p-b", "p-c", "p-d", "p-e"]);

function group(matches: Record<string, number>): Postings {
  const pages = Object.entries(matches).filter(([ref]) => !ref.startsWith("p-"));
  const products = Object.entries(matches).filter(([ref]) => ref.startsWith("p-"));
  return postingsOf(entries, [
    { kind: "page", pairs: pages },
    { kind: "product", pairs: products },
  ]);
}

const refsOf = (list: { number: number }[]) => list.map((r) => entries.refs[r.number]);

describe("a search's matches kept in memory", () => {
  it("keeps a group's matches in the entries' order, leaving out entries it does not know", () => {
    const g = group({ "p-d": 0.5, faq: 0.25, "p-b": 1, "p-new": 9 });
    expect([...g.numbers]).toEqual([0, 3, 5]);
    expect([...g.ranks]).toEqual([0.25, 1, 0.5]);
  });

  it("finds the entries every word matches, best sum of ranks first, ties in title order", () => {
    const itchy = group({ "p-a": 0.5, "p-b": 0.5, "p-c": 0.5, "p-e": 1, faq: 0.1 });
    const dog = group({ "p-b": 0.5, "p-c": 0.5, "p-d": 2, "p-e": 0.1, shipping: 1 });
    const best = bestOf(entries, [itchy, dog], "all", 6);
    expect(refsOf(best.product)).toEqual(["p-e", "p-b", "p-c"]);
    expect(best.product.map((r) => r.rank)).toEqual([expect.closeTo(1.1, 5), 1, 1]);
    expect(best.productTotal).toBe(3);
    expect(best.page).toEqual([]);
    expect(best.pageTotal).toBe(0);
  });

  it("finds the entries any word matches, each kind apart, and counts past the limit", () => {
    const itchy = group({ "p-a": 0.5, faq: 0.1 });
    const dog = group({ "p-a": 0.5, "p-d": 2, "p-c": 0.2, shipping: 1 });
    const best = bestOf(entries, [itchy, dog], "any", 2);
    expect(refsOf(best.product)).toEqual(["p-d", "p-a"]);
    expect(best.productTotal).toBe(3);
    expect(refsOf(best.page)).toEqual(["shipping", "faq"]);
    expect(best.pageTotal).toBe(2);
  });

  it("intersects a long group with a short one at any distance", () => {
    const many = entriesOf(
      [],
      Array.from({ length: 10_000 }, (_, i) => `p-${String(i).padStart(5, "0")}`),
    );
    const refs = (pick: (i: number) => boolean) => many.refs.filter((_, i) => pick(i)) as string[];
    const posted = (list: string[]) =>
      postingsOf(many, [{ kind: "product", pairs: list.map((ref) => [ref, 1] as const) }]);
    const even = posted(refs((i) => i % 2 === 0));
    const rare = posted(refs((i) => i === 1 || i === 4_000 || i === 9_998 || i === 9_999));
    const best = bestOf(many, [even, rare], "all", 10);
    expect(best.product.map((r) => many.refs[r.number])).toEqual(["p-04000", "p-09998"]);
    expect(bestOf(many, [rare, even], "any", 1).productTotal).toBe(5_002);
  });

  it("answers nothing for no words", () => {
    expect(bestOf(entries, [], "all", 6)).toEqual({
      page: [],
      product: [],
      pageTotal: 0,
      productTotal: 0,
    });
  });
});

describe("a cache within a budget of bytes", () => {
  // Each value costs its length, its key's two bytes a character and 600 for the map's node and
  // the promise: two of these fit in 1,300 bytes, three do not.
  const budget = 1_300;

  it("drops the least recently used values past its budget, and shares a pending read", async () => {
    const cache = new SizedCache<string>(budget, (v) => v.length);
    let reads = 0;
    const read = (v: string) => () => {
      reads += 1;
      return Promise.resolve(v);
    };
    const [a, again] = [cache.get("a", read("aaaa")), cache.get("a", read("other"))];
    expect(await a).toBe("aaaa");
    expect(await again).toBe("aaaa");
    await cache.get("b", read("bbbb"));
    await cache.get("a", read("aaaa")); // a used again: b is now the oldest
    await cache.get("c", read("cccc"));
    expect(cache.bytes).toBe(2 * (4 + 2 + 600));
    expect(reads).toBe(3);
    await cache.get("a", read("aaaa"));
    expect(reads).toBe(3);
    await cache.get("b", read("bbbb"));
    expect(reads).toBe(4);
  });

  it("keeps a read still pending while it drops others, so it is never started twice", async () => {
    const cache = new SizedCache<string>(budget, (v) => v.length);
    const finishes: ((v: string) => void)[] = [];
    let reads = 0;
    const slow = () => {
      reads += 1;
      return new Promise<string>((resolve) => finishes.push(resolve));
    };
    const pending = cache.get("slow", slow);
    await cache.get("b", () => Promise.resolve("bbbb"));
    await cache.get("c", () => Promise.resolve("cccc"));
    await cache.get("d", () => Promise.resolve("dddd"));
    const again = cache.get("slow", slow);
    for (const finish of finishes) finish("done");
    expect(await pending).toBe("done");
    expect(await again).toBe("done");
    expect(reads).toBe(1);
  });

  it("keeps no failed read", async () => {
    const cache = new SizedCache<string>(budget, (v) => v.length);
    await expect(cache.get("a", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("a", () => Promise.resolve("up"))).toBe("up");
    expect(cache.bytes).toBe(2 + 2 + 600);
  });
});
