// Which of the app's modules every page loads, for the client build's one shared chunk (see
// vite.config.ts). Left to itself the bundler makes a chunk for each set of pages and overlays
// that share modules: on a product page that is about twenty files of a few hundred bytes, each
// compressed alone. Every module that root.tsx needs is loaded by every page anyway, so those go
// into one chunk, and nothing a page did not load before is added to it.
//
// root.tsx reaches most modules through a feature's index, which re-exports everything the
// feature offers, overlays and forms included. Following every import would put those in the
// chunk too, so the walk follows a re-export only for the names that are asked for, as the
// bundler's tree-shaking does.
import path from "node:path";

/** What the bundler tells of a module while it makes chunks (rolldown's ModuleInfo, in part). */
export interface ModuleFacts {
  code: string | null;
  importers: readonly string[];
  importedIds: readonly string[];
  exports: readonly string[];
}

export interface ModuleGraph {
  getModuleInfo(id: string): ModuleFacts | null;
}

interface Statement {
  spec: string;
  /** For an import: the names it takes (null: all of them, as `* as x` or a bare import). */
  imports: string[] | null;
  /** For a re-export: exported name → the target's name; "*" for `export * from`. */
  reexports: Map<string, string> | "*" | null;
}

const FROM = /\b(import|export)\s+((?:type\s+)?[^;"'`]*?)\s*from\s*["']([^"']+)["']/g;
const BARE_IMPORT = /\bimport\s*["']([^"']+)["']/g;

/** `a, b as c, type d` → [[a, a], [b, c]] (the type-only ones are gone after the transform). */
function namePairs(list: string): [string, string][] {
  return list
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "" && !part.startsWith("type "))
    .map((part) => {
      const [from, as] = part.split(/\s+as\s+/);
      return [from ?? part, as ?? from ?? part];
    });
}

/**
 * The names a module takes of a namespace import (`import * as api from "~/lib/api"`): those it
 * reads as `api.name`, as tree-shaking keeps only those; null (all of them) when it uses the
 * namespace any other way, such as passing it on.
 */
function namespaceNames(code: string, clause: string): string[] | null {
  const local = /\*\s*as\s+([\w$]+)/.exec(clause)?.[1];
  if (local === undefined) return null;
  const name = local.replace(/\$/g, "\\$");
  // A use of the name as an identifier: not part of a longer one, a member or a path ("/api/").
  const uses = [
    ...code.matchAll(new RegExp(`(?<![\\w$./])${name}(?![\\w$])(\\s*\\.\\s*([\\w$]+))?`, "g")),
  ];
  const members = uses.flatMap((use) => (use[2] === undefined ? [] : [use[2]]));
  // One use is the import's own `* as api`; every other one must read a member.
  return members.length === uses.length - 1 ? [...new Set(members)] : null;
}

function statementsOf(code: string): Statement[] {
  const found: Statement[] = [];
  for (const [, kind, clause = "", spec = ""] of code.matchAll(FROM)) {
    const braces = /\{([^}]*)\}/.exec(clause)?.[1];
    if (kind === "export") {
      if (braces === undefined) {
        found.push({ spec, imports: null, reexports: clause.includes(" as ") ? null : "*" });
      } else {
        const pairs = namePairs(braces);
        found.push({ spec, imports: null, reexports: new Map(pairs.map(([a, b]) => [b, a])) });
      }
      continue;
    }
    if (clause.includes("*")) {
      found.push({ spec, imports: namespaceNames(code, clause), reexports: null });
      continue;
    }
    const names = braces === undefined ? [] : namePairs(braces).map(([name]) => name);
    if (/^[\w$]+/.test(clause.replace(/^type\s+/, ""))) names.push("default");
    found.push({ spec, imports: names, reexports: null });
  }
  for (const [, spec = ""] of code.matchAll(BARE_IMPORT)) {
    found.push({ spec, imports: null, reexports: null });
  }
  return found;
}

const EXTENSIONS = [".ts", ".tsx", ".js", ".jsx"];

/** The imported module a specifier names, among those the bundler resolved for `from`. */
function resolve(
  spec: string,
  from: string,
  importedIds: readonly string[],
  aliases: Record<string, string>,
): string | null {
  let base: string;
  if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
  else {
    const alias = Object.keys(aliases).find((a) => spec === a || spec.startsWith(`${a}/`));
    if (alias === undefined) return null;
    base = path.join(aliases[alias] ?? "", spec.slice(alias.length));
  }
  const candidates = new Set([
    base,
    ...EXTENSIONS.map((ext) => base + ext),
    ...EXTENSIONS.map((ext) => path.join(base, `index${ext}`)),
  ]);
  return importedIds.find((id) => candidates.has(id)) ?? null;
}

/**
 * The modules `entry` needs, following imports by name: a module's own imports are all needed,
 * its re-exports only for the names asked for. Only modules that `aliases` or relative paths
 * reach are walked (the app and the workspace's packages), not libraries.
 */
export function modulesNeededBy(
  entry: string,
  graph: ModuleGraph,
  aliases: Record<string, string>,
): Set<string> {
  const needed = new Set<string>();
  /** Names asked of each module so far; "all" once the whole module is. */
  const asked = new Map<string, Set<string> | "all">();
  const queue: [string, string[] | null][] = [[entry, null]];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    const [id, names] = next;
    const before = asked.get(id);
    if (before === "all") continue;
    const fresh = names === null ? null : names.filter((n) => !before?.has(n));
    if (fresh !== null && fresh.length === 0 && before !== undefined) continue;
    asked.set(id, fresh === null ? "all" : new Set([...(before ?? []), ...fresh]));
    const facts = graph.getModuleInfo(id);
    if (!facts?.code) continue;
    needed.add(id);
    for (const statement of statementsOf(facts.code)) {
      const target = resolve(statement.spec, id, facts.importedIds, aliases);
      if (target === null) continue;
      const { reexports } = statement;
      if (reexports === null) {
        queue.push([target, statement.imports]);
      } else if (reexports === "*") {
        const offered = graph.getModuleInfo(target)?.exports ?? [];
        const wanted = fresh === null ? null : fresh.filter((n) => offered.includes(n));
        if (wanted === null || wanted.length > 0) queue.push([target, wanted]);
      } else {
        const wanted = (fresh ?? [...reexports.keys()]).flatMap((n) => {
          const original = reexports.get(n);
          return original === undefined ? [] : [original];
        });
        if (wanted.length > 0) queue.push([target, wanted]);
      }
    }
  }
  return needed;
}
