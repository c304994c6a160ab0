import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const MODULES = path.dirname(fileURLToPath(import.meta.url));

/** Every source file of a folder and its subfolders, tests aside. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

/** module → the modules its files import (type-only imports count: they tie the two as well). */
function moduleGraph(root: string): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(root)) {
    const from = path.relative(root, file).split(path.sep)[0] ?? "";
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const spec of ts.preProcessFile(readFileSync(file, "utf8"), true, true).importedFiles) {
      if (!spec.fileName.startsWith(".")) continue;
      const target = path.relative(root, path.resolve(path.dirname(file), spec.fileName));
      const to = target.split(path.sep)[0] ?? "";
      if (!target.startsWith("..") && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** The first cycle found, as the modules along it (the first repeated at the end), or null. */
function firstCycle(graph: ReadonlyMap<string, ReadonlySet<string>>): string[] | null {
  const done = new Set<string>();
  const walk = (node: string, trail: string[]): string[] | null => {
    const seen = trail.indexOf(node);
    if (seen >= 0) return [...trail.slice(seen), node];
    if (done.has(node)) return null;
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      const cycle = walk(next, [...trail, node]);
      if (cycle) return cycle;
    }
    done.add(node);
    return null;
  };
  for (const node of [...graph.keys()].sort()) {
    const cycle = walk(node, []);
    if (cycle) return cycle;
  }
  return null;
}

describe("the server's module graph", () => {
  it("has no cycle: no module imports, directly or through others, a module that imports it", () => {
    const cycle = firstCycle(moduleGraph(MODULES));
    expect(cycle, cycle ? `modules in a cycle: ${cycle.join(" → ")}` : "").toBeNull();
  });

  it("reports a cycle of modules, through however many modules it runs", () => {
    const graph = new Map([
      ["cart", new Set(["discounts"])],
      ["discounts", new Set(["orders"])],
      ["orders", new Set(["cart"])],
      ["stores", new Set<string>()],
    ]);
    expect(firstCycle(graph)).toEqual(["cart", "discounts", "orders", "cart"]);
    graph.set("orders", new Set(["stores"]));
    expect(firstCycle(graph)).toBeNull();
  });

  it("reads the imports of the module files themselves (the money modules import their lower neighbours)", () => {
    const graph = moduleGraph(MODULES);
    expect(graph.get("cart")).toContain("discounts");
    expect(graph.get("checkout")).toContain("cart");
    expect(graph.get("orders")?.has("cart")).toBe(false);
  });
});
