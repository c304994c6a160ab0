/**
 * `bench/get-answers.ts compare A B`: which recorded answers are byte-identical, and for each
 * that is not a readable diff (JSON pretty-printed, HTML one tag a line) with the JSON keys whose
 * name changed (`line_total` -> `lineTotal`), added or removed. Also the routes only one side
 * registered, and the web build's files by name only (their names carry content hashes).
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/** Lines of diff shown per answer unless --full. */
const DIFF_LINES = 60;
/** Answers diffed in full before the rest are only named, unless --full. */
const DIFFS_SHOWN = 40;
const CONTEXT = 3;

async function answerFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.name.endsWith(".txt")) out.push(path.relative(root, full));
    }
  };
  await walk(root);
  return out.sort();
}

interface ManifestRoute {
  route: string;
  source: string;
  answers: Record<string, number>;
}

async function manifestRoutes(root: string): Promise<ManifestRoute[]> {
  try {
    const manifest = JSON.parse(await readFile(path.join(root, "manifest.json"), "utf8")) as {
      routes?: ManifestRoute[];
    };
    return manifest.routes ?? [];
  } catch {
    return [];
  }
}

/** A web build file's answer (`/assets/…`, `/icons/…`, …): compared by name and digest only. */
function isBuildFile(file: string): boolean {
  return /^[^/]+\/anon\/(assets~|icons~|favicon)/.test(file);
}

// ---- diff ------------------------------------------------------------------------------------

type Edit = { kind: " " | "-" | "+"; line: string };

/** Past this many differing lines Myers' search stops, and the changed middle is shown whole. */
const MAX_EDITS = 2000;

/**
 * Myers' O(ND) diff of two line lists, each step's frontier kept in a typed array of its own
 * width (memory grows with the square of the differences, not with the lengths); null past
 * `maxD` differences.
 */
function myers(a: readonly string[], b: readonly string[], maxD: number): Edit[] | null {
  const n = a.length;
  const m = b.length;
  const offset = n + m + 1;
  const v = new Int32Array(2 * (n + m) + 3);
  const at = (k: number) => v[offset + k] ?? 0;
  const trace: Int32Array[] = [];
  search: for (let d = 0; d <= n + m; d++) {
    if (d > maxD) return null;
    trace.push(v.slice(offset - d, offset + d + 1));
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
      let x = down ? at(k + 1) : at(k - 1) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) break search;
    }
  }
  const edits: Edit[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0; d--) {
    const frontier = trace[d] as Int32Array;
    const was = (k: number) => frontier[k + d] ?? 0;
    const k = x - y;
    const down = k === -d || (k !== d && was(k - 1) < was(k + 1));
    const prevK = down ? k + 1 : k - 1;
    const prevX = was(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      edits.push({ kind: " ", line: a[x - 1] as string });
      x--;
      y--;
    }
    if (d > 0) {
      if (down) edits.push({ kind: "+", line: b[y - 1] as string });
      else edits.push({ kind: "-", line: a[x - 1] as string });
    }
    x = prevX;
    y = prevY;
  }
  return edits.reverse();
}

/** The lines both sides start and end with, then Myers' diff of the middle (or all of it). */
function diffLines(a: readonly string[], b: readonly string[]): Edit[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const same = (lines: readonly string[]): Edit[] => lines.map((line) => ({ kind: " ", line }));
  const middleA = a.slice(start, endA);
  const middleB = b.slice(start, endB);
  const middle = myers(middleA, middleB, MAX_EDITS) ?? [
    ...middleA.map((line): Edit => ({ kind: "-", line })),
    ...middleB.map((line): Edit => ({ kind: "+", line })),
  ];
  return [...same(a.slice(0, start)), ...middle, ...same(a.slice(endA))];
}

/** The edits as unified-diff hunks: each change with a few lines of context, gaps as "…". */
function unified(edits: readonly Edit[]): string[] {
  const shown = new Set<number>();
  edits.forEach((e, i) => {
    if (e.kind === " ") return;
    for (let j = Math.max(0, i - CONTEXT); j <= Math.min(edits.length - 1, i + CONTEXT); j++) {
      shown.add(j);
    }
  });
  const out: string[] = [];
  let previous = -1;
  for (const i of [...shown].sort((x, y) => x - y)) {
    if (previous !== -1 && i > previous + 1) out.push("  …");
    const e = edits[i] as Edit;
    out.push(`${e.kind} ${e.line}`);
    previous = i;
  }
  return out;
}

// ---- answers as lines --------------------------------------------------------------------

interface Parsed {
  head: string[];
  body: string;
  type: string;
}

function parseAnswer(text: string): Parsed {
  // The request, a blank line, the status and headers, a blank line, then the body.
  const lines = text.split("\n");
  const second = lines.indexOf("", lines.indexOf("") + 1);
  const head = lines.slice(0, second);
  const type =
    head.find((l) => l.startsWith("content-type: "))?.slice("content-type: ".length) ?? "";
  return { head, body: lines.slice(second + 1).join("\n"), type };
}

function jsonOf(parsed: Parsed): unknown {
  if (!/json/.test(parsed.type)) return undefined;
  try {
    return JSON.parse(parsed.body) as unknown;
  } catch {
    return undefined;
  }
}

/** A line longer than this (a page's data in its inline script) is cut after each comma. */
const LONG_LINE = 300;

/**
 * The body as lines to diff: JSON pretty-printed (keys in the server's order), HTML and XML a
 * tag a line, with their long lines cut after commas.
 */
function bodyLines(parsed: Parsed): string[] {
  const json = jsonOf(parsed);
  if (json !== undefined) return JSON.stringify(json, null, 2).split("\n");
  if (/html|xml/.test(parsed.type)) {
    return parsed.body
      .replace(/>(?=<)/g, ">\n")
      .split("\n")
      .flatMap((line) => (line.length > LONG_LINE ? line.split(/(?<=,)/) : [line]));
  }
  return parsed.body.split("\n");
}

/** Every key path of a JSON value: `orders[].lines[].line_total`. */
function keyPaths(value: unknown, at = "", out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keyPaths(item, `${at}[]`, out);
  else if (typeof value === "object" && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      const here = at ? `${at}.${key}` : key;
      out.add(here);
      keyPaths(child, here, out);
    }
  }
  return out;
}

/** A key's spelling aside: line_total, lineTotal, line-total and LineTotal are one name. */
function spelling(key: string): string {
  return key.replace(/[_-]/g, "").toLowerCase();
}

/** Keys only one side has, paired into renames where the parent is the same and the word too. */
export function keyChanges(a: unknown, b: unknown): string[] {
  const before = keyPaths(a);
  const after = keyPaths(b);
  const gone = [...before].filter((k) => !after.has(k));
  const added = [...after].filter((k) => !before.has(k));
  const split = (p: string) => {
    const dot = p.lastIndexOf(".");
    return { parent: dot === -1 ? "" : p.slice(0, dot), key: dot === -1 ? p : p.slice(dot + 1) };
  };
  const out: string[] = [];
  const renamedFrom = new Set<string>();
  const renamedTo = new Set<string>();
  for (const g of gone) {
    const { parent, key } = split(g);
    const match = added.find((x) => {
      const s = split(x);
      return !renamedTo.has(x) && s.parent === parent && spelling(s.key) === spelling(key);
    });
    if (match) {
      renamedFrom.add(g);
      renamedTo.add(match);
      out.push(`renamed ${g} -> ${split(match).key}`);
    }
  }
  // A changed key's children follow it: only the top of each change is named.
  const under = (p: string, tops: readonly string[]) =>
    tops.some((top) => p.startsWith(`${top}.`) || p.startsWith(`${top}[]`));
  const goneTops = gone.filter((g) => !renamedFrom.has(g));
  const goneParents = [...renamedFrom, ...goneTops];
  for (const g of goneTops) if (!under(g, goneParents)) out.push(`removed ${g}`);
  const addedTops = added.filter((x) => !renamedTo.has(x));
  const addedParents = [...renamedTo, ...addedTops];
  for (const x of addedTops) if (!under(x, addedParents)) out.push(`added ${x}`);
  return out;
}

/** The value with every object's keys sorted: what is left once the order of keys is set aside. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
    return Object.fromEntries(entries.map(([k, v]) => [k, canonical(v)]));
  }
  return value;
}

/** Where two equal JSON values list an object's keys in another order, with both orders. */
function keyOrderChanges(a: unknown, b: unknown, at = "", out: string[] = []): string[] {
  if (Array.isArray(a) && Array.isArray(b)) {
    for (const [i, item] of a.entries()) keyOrderChanges(item, b[i], `${at}[${i}]`, out);
  } else if (typeof a === "object" && a !== null && typeof b === "object" && b !== null) {
    const [ka, kb] = [Object.keys(a), Object.keys(b)];
    if (ka.join("\n") !== kb.join("\n")) {
      const show = (keys: string[]) =>
        `${keys.slice(0, 6).join(", ")}${keys.length > 6 ? `, … (${keys.length})` : ""}`;
      out.push(`${at || "(top)"}: ${show(ka)} -> ${show(kb)}`);
    }
    for (const key of ka) {
      keyOrderChanges(
        (a as Record<string, unknown>)[key],
        (b as Record<string, unknown>)[key],
        at ? `${at}.${key}` : key,
        out,
      );
    }
  }
  return out;
}

// ---- the comparison ----------------------------------------------------------------------

export async function compareRecordings(
  dirA: string,
  dirB: string,
  options: { full: boolean },
): Promise<number> {
  const [filesA, filesB] = await Promise.all([answerFiles(dirA), answerFiles(dirB)]);
  const setB = new Set(filesB);
  const setA = new Set(filesA);
  const both = filesA.filter((f) => setB.has(f));
  const onlyA = filesA.filter((f) => !setB.has(f));
  const onlyB = filesB.filter((f) => !setA.has(f));
  const identical: string[] = [];
  const differ: string[] = [];
  for (const file of both) {
    const [a, b] = await Promise.all([
      readFile(path.join(dirA, file)),
      readFile(path.join(dirB, file)),
    ]);
    (a.equals(b) ? identical : differ).push(file);
  }

  console.log(`A: ${dirA}\nB: ${dirB}\n`);
  // The routes each side registered (and how many answers each had per store).
  const [routesA, routesB] = await Promise.all([manifestRoutes(dirA), manifestRoutes(dirB)]);
  const names = (routes: ManifestRoute[]) =>
    new Set(
      routes.filter((r) => !r.route.startsWith("/assets/")).map((r) => `${r.source} ${r.route}`),
    );
  const [namesA, namesB] = [names(routesA), names(routesB)];
  const routesOnlyA = [...namesA].filter((r) => !namesB.has(r));
  const routesOnlyB = [...namesB].filter((r) => !namesA.has(r));
  if (routesOnlyA.length + routesOnlyB.length > 0) {
    console.log("Routes registered on one side only (web build assets aside):");
    for (const r of routesOnlyA) console.log(`  only in A: ${r}`);
    for (const r of routesOnlyB) console.log(`  only in B: ${r}`);
    console.log("");
  }

  const buildOnlyA = onlyA.filter(isBuildFile);
  const buildOnlyB = onlyB.filter(isBuildFile);
  const answersOnlyA = onlyA.filter((f) => !isBuildFile(f));
  const answersOnlyB = onlyB.filter((f) => !isBuildFile(f));
  if (answersOnlyA.length + answersOnlyB.length > 0) {
    console.log("Answers recorded on one side only:");
    for (const f of answersOnlyA) console.log(`  only in A: ${f}`);
    for (const f of answersOnlyB) console.log(`  only in B: ${f}`);
    console.log("");
  }
  if (buildOnlyA.length + buildOnlyB.length > 0) {
    console.log(
      `Web build files named differently (content hashes): ${buildOnlyA.length} only in A, ${buildOnlyB.length} only in B\n`,
    );
  }

  let shown = 0;
  for (const file of differ) {
    if (!options.full && shown >= DIFFS_SHOWN) {
      console.log(`… and ${differ.length - shown} more answers differ (--full shows every diff)`);
      break;
    }
    shown++;
    const [a, b] = await Promise.all([
      readFile(path.join(dirA, file), "utf8"),
      readFile(path.join(dirB, file), "utf8"),
    ]);
    const [pa, pb] = [parseAnswer(a), parseAnswer(b)];
    console.log(`=== ${file}`);
    const head = unified(diffLines(pa.head, pb.head));
    if (head.length > 0) console.log(head.join("\n"));
    const [ja, jb] = [jsonOf(pa), jsonOf(pb)];
    if (ja !== undefined && jb !== undefined) {
      const keys = keyChanges(ja, jb);
      if (keys.length > 0) {
        const more = keys.length > 20 && !options.full ? `; … ${keys.length - 20} more` : "";
        console.log(`keys: ${keys.slice(0, options.full ? keys.length : 20).join("; ")}${more}`);
      }
      if (JSON.stringify(canonical(ja)) === JSON.stringify(canonical(jb))) {
        // The same names and values: only the order of some objects' keys moved.
        const moved = keyOrderChanges(ja, jb);
        console.log("the same JSON but for the order of keys in:");
        for (const line of moved.slice(0, 10)) console.log(`  ${line}`);
        if (moved.length > 10) console.log(`  … and ${moved.length - 10} more objects`);
        console.log("");
        continue;
      }
    }
    const body = unified(diffLines(bodyLines(pa), bodyLines(pb)));
    const limit = options.full ? body.length : DIFF_LINES;
    console.log(body.slice(0, limit).join("\n"));
    if (body.length > limit) console.log(`  … ${body.length - limit} more lines (--full)`);
    console.log("");
  }

  const buildSame = identical.filter(isBuildFile).length;
  console.log(
    `${identical.length} byte-identical (${buildSame} of them web build files), ${differ.length} differ, ${onlyA.length} only in A, ${onlyB.length} only in B`,
  );
  const same =
    differ.length === 0 &&
    answersOnlyA.length === 0 &&
    answersOnlyB.length === 0 &&
    routesOnlyA.length === 0 &&
    routesOnlyB.length === 0;
  console.log(
    same ? "IDENTICAL: every answer recorded on both sides is byte-identical" : "DIFFERENT",
  );
  // The web build's files carry content hashes in their names: a new bundle renames them, which
  // is reported above but is not a difference of the server's answers (pages name them masked).
  return same ? 0 : 1;
}
