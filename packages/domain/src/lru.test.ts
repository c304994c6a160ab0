import { describe, expect, it } from "vitest";
import { LruCache } from "./lru.ts";

describe("LruCache", () => {
  it("forgets the least recently used entry beyond its size", () => {
    const cache = new LruCache<string, number>(2);
    cache.set("a", 1);
    cache.set("b", 2);
    expect(cache.get("a")).toBe(1);
    cache.set("c", 3);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBe(1);
    expect(cache.get("c")).toBe(3);
  });

  it("forgets entries older than its time to live", () => {
    let now = 0;
    const cache = new LruCache<string, number>(10, 1000, () => now);
    cache.set("a", 1);
    now = 999;
    expect(cache.get("a")).toBe(1);
    now = 1000;
    expect(cache.get("a")).toBeUndefined();
  });
});
