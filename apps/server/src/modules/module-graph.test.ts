import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const MODULES = path.dirname(fileURLToPath(import.meta.url));

/** Every source file of a folder and its subfolders, tests and their helpers aside. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    const test = /(\.test|-test-helpers)\.ts$/.test(entry.name);
    return /\.tsx?$/.test(entry.name) && !test ? [full] : [];
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

/** Each module's tables, by their Drizzle name and their SQL name, as its schema.ts declares them. */
function tableOwners(root: string): Map<string, string> {
  const owners = new Map<string, string>();
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    let schema: string;
    try {
      schema = readFileSync(path.join(root, entry.name, "schema.ts"), "utf8");
    } catch {
      continue;
    }
    for (const [, name, table] of schema.matchAll(/export const (\w+) = pgTable\(\s*"(\w+)"/g)) {
      owners.set(name as string, entry.name).set(table as string, entry.name);
    }
  }
  return owners;
}

const RAW_WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+(?:\$\{\s*(\w+)\s*\}|"?(\w+)"?)/gi;

/**
 * The tables a file writes: Drizzle's `.insert(t)`, `.update(t)`, `.delete(t)` on a table
 * object, and raw SQL in its strings and templates (`insert into x`, `update ${t}`, `delete
 * from x`, by SQL name or by the table interpolated). Comments are not read.
 */
function writtenTables(file: string, source: string): string[] {
  const written: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ["insert", "update", "delete"].includes(node.expression.name.text) &&
      node.arguments[0] &&
      ts.isIdentifier(node.arguments[0])
    ) {
      written.push(node.arguments[0].text);
    }
    let text: string | null = null;
    if (ts.isNoSubstitutionTemplateLiteral(node) || ts.isStringLiteral(node)) text = node.text;
    if (ts.isTemplateExpression(node)) {
      text = node.head.text;
      for (const span of node.templateSpans) {
        const name = ts.isIdentifier(span.expression) ? span.expression.text : "_";
        text += `\${${name}}${span.literal.text}`;
      }
    }
    for (const [, byObject, byName] of text?.matchAll(RAW_WRITE) ?? []) {
      written.push((byObject ?? byName) as string);
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true));
  return written;
}

/** "module/file.ts writes table (owner's)" for every write of a module to a table another owns. */
function foreignWrites(root: string): string[] {
  const owners = tableOwners(root);
  return sourceFiles(root).flatMap((file) => {
    const rel = path.relative(root, file);
    const module = rel.split(path.sep)[0] ?? "";
    return writtenTables(file, readFileSync(file, "utf8")).flatMap((table) => {
      const owner = owners.get(table);
      return owner && owner !== module ? [`${rel} writes ${table} (${owner}'s)`] : [];
    });
  });
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

  it("has no module writing a table another module owns (flows and lib/ write across modules)", () => {
    expect(foreignWrites(MODULES)).toEqual([]);
  });

  it("finds a write by Drizzle's call on a table object and by raw SQL, not in comments", () => {
    const written = writtenTables(
      "x.ts",
      `// update stores in a comment is not a write
      await tx.update(carts).set({ a: 1 });
      await db.insert(users).values(v);
      await db.select().from(orders);
      await selectRows(db, sql\`update \${variants} set stock = 0\`);
      await db.execute("delete from order_lines where id = $1");`,
    );
    expect(written).toEqual(["carts", "users", "variants", "order_lines"]);
    expect(tableOwners(MODULES).get("order_lines")).toBe("orders");
  });
});
