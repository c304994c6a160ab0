import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as domain from "@storefront/domain";
import { describe, expect, it } from "vitest";

// The documents a newcomer reads (README.md and docs/) against the tree they describe. No
// database: these read files only.

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const read = (file: string): string => readFileSync(path.join(ROOT, file), "utf8");

/** The folders directly inside a folder of the repository, sorted. */
function foldersOf(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** The text of a markdown section: from its heading to the next heading of its level or above. */
function section(markdown: string, heading: string): string {
  const lines = markdown.split("\n");
  const start = lines.findIndex((line) => line.trim() === heading);
  if (start === -1) throw new Error(`no section "${heading}"`);
  const level = heading.indexOf(" ");
  const end = lines.findIndex(
    (line, i) => i > start && /^#{1,6} /.test(line) && line.indexOf(" ") <= level,
  );
  return lines.slice(start + 1, end === -1 ? undefined : end).join("\n");
}

/** Markdown without fenced code blocks, whose contents are not links or headings. */
function withoutFences(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "");
}

/** The folder names in the first column of a table's rows: `| \`modules/cart/\` | … |`. */
function tableFolders(text: string, prefix: string): string[] {
  const row = new RegExp(`^\\|\\s*\`${prefix}/([^\`/]+)/\`\\s*\\|`, "gm");
  return [...text.matchAll(row)].map((m) => m[1] ?? "");
}

/** Every folder name a page mentions as `<prefix>/<name>`, wherever it is on the page. */
function mentionedFolders(text: string, prefix: string, full: string): string[] {
  // A name followed by a file extension is a file of the folder above (modules/module-graph.test.ts).
  const mention = new RegExp(
    `(?<![\\w/~-])(?:${full}/)?${prefix}/([a-z0-9][a-z0-9-]*)(?![a-z0-9-]|\\.[a-z])`,
    "g",
  );
  return [...new Set([...text.matchAll(mention)].map((m) => m[1] ?? ""))].sort();
}

const architecture = read("docs/architecture.md");

describe("docs/architecture.md describes the module folders as they are", () => {
  const modules = foldersOf("apps/server/src/modules");
  const features = foldersOf("apps/web/app/features");

  it("has one line per folder of apps/server/src/modules in its module table, none missing and none extra", () => {
    const listed = tableFolders(section(architecture, "### Server modules"), "modules");
    expect([...listed].sort(), "the table of ### Server modules").toEqual(modules);
    expect(new Set(listed).size, "each folder once").toBe(listed.length);
  });

  it("lists every flow of apps/server/src/flows in its flow table, none missing and none extra", () => {
    const flows = readdirSync(path.join(ROOT, "apps/server/src/flows"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() || !entry.name.endsWith(".test.ts"))
      .map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name))
      .sort();
    const firstCells = [...section(architecture, "### Flows").matchAll(/^\|([^|]*)\|/gm)].map(
      (m) => m[1] ?? "",
    );
    const listed = firstCells.flatMap((cell) =>
      [...cell.matchAll(/`flows\/([^`]+)`/g)].map((m) => m[1] ?? ""),
    );
    expect([...listed].sort(), "the table of ### Flows").toEqual(flows);
  });

  it("has one line per folder of apps/web/app/features in its feature table, none missing and none extra", () => {
    const listed = tableFolders(section(architecture, "### Web features"), "features");
    expect([...listed].sort(), "the table of ### Web features").toEqual(features);
    expect(new Set(listed).size, "each folder once").toBe(listed.length);
  });

  it("names no module or feature folder that does not exist, anywhere on the page", () => {
    const missing = [
      ...mentionedFolders(architecture, "modules", "apps/server/src")
        .filter((name) => !modules.includes(name))
        .map((name) => `modules/${name}`),
      ...mentionedFolders(architecture, "features", "apps/web/app")
        .filter((name) => !features.includes(name))
        .map((name) => `features/${name}`),
    ];
    expect(missing).toEqual([]);
  });

  it("names only files and folders of the repository that exist", () => {
    // What a build or a run makes, and is not in the repository.
    const generated = ["apps/server/dist", "apps/web/build", "bench/results"];
    const paths = [...architecture.matchAll(/`((?:apps|packages|e2e|bench|docs)\/[\w./-]+)`/g)]
      .map((m) => (m[1] ?? "").replace(/\/$/, ""))
      .filter((p) => !generated.some((g) => p === g || p.startsWith(`${g}/`)));
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.filter((p) => !existsSync(path.join(ROOT, p)))).toEqual([]);
  });
});

/** README.md and every markdown file under docs/. */
function markdownFiles(): string[] {
  const found = ["README.md"];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith(".md")) found.push(rel);
    }
  };
  walk("docs");
  return found.sort();
}

/** The anchors GitHub gives a page's headings: lower case, punctuation gone, spaces to dashes. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const m of withoutFences(markdown).matchAll(/^#{1,6} (.+)$/gm)) {
    const slug = (m[1] ?? "")
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, "")
      .replace(/ /g, "-");
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return anchors;
}

describe("the links of README.md and docs/", () => {
  it("point at files that exist, and at headings those files have", () => {
    const broken: string[] = [];
    let links = 0;
    for (const file of markdownFiles()) {
      const text = withoutFences(read(file)).replace(/`[^`\n]*`/g, "");
      for (const m of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
        const target = m[1] ?? "";
        if (/^[a-z]+:/i.test(target)) continue; // https:, mailto:
        links++;
        const [filePart = "", anchor] = target.split("#");
        const resolved = filePart === "" ? file : path.join(path.dirname(file), filePart);
        const absolute = path.join(ROOT, resolved);
        if (!existsSync(absolute)) {
          broken.push(`${file}: ${target} (no such file)`);
          continue;
        }
        if (anchor && statSync(absolute).isFile() && !anchorsOf(read(resolved)).has(anchor)) {
          broken.push(`${file}: ${target} (no such heading)`);
        }
      }
    }
    expect(links).toBeGreaterThan(50);
    expect(broken).toEqual([]);
  });
});

describe("docs/decisions/ keeps one file per decision, with an index", () => {
  const files = readdirSync(path.join(ROOT, "docs/decisions"))
    .filter((name) => /^\d{3}-[a-z0-9-]+\.md$/.test(name))
    .sort();

  it("numbers the decisions 001, 002, … with no gap or repeat", () => {
    expect(files.length).toBeGreaterThan(0);
    expect(files.map((name) => Number(name.slice(0, 3)))).toEqual(files.map((_, i) => i + 1));
  });

  it("gives each decision a title, a date, a status, its context, the decision and its consequences", () => {
    const incomplete = files.filter((name) => {
      const text = read(`docs/decisions/${name}`);
      return !(
        /^# \S/.test(text) &&
        /^Date: \d{4}-\d{2}-\d{2}$/m.test(text) &&
        /^Status: \S/m.test(text) &&
        ["## Context", "## Decision", "## Consequences"].every((h) => text.includes(`\n${h}\n`))
      );
    });
    expect(incomplete).toEqual([]);
  });

  it("lists every decision in its index, one line each, in number order", () => {
    const index = read("docs/decisions/README.md");
    const listed = [...index.matchAll(/^- \[(\d{3})\]\((\d{3}-[a-z0-9-]+\.md)\)/gm)].map(
      (m) => m[2] ?? "",
    );
    expect(listed).toEqual(files);
  });
});

describe("docs/api.md lists the routes the server registers", () => {
  /** `GET /api/cart/items/{}`: a route with its parameters and wildcards written alike. */
  const normal = (method: string, url: string): string =>
    `${method} ${url
      .replace(/:\w+/g, "{}")
      .replace(/\*/g, "{}")
      .replace(/\{[^}]*\}/g, "{}")
      .replace(/\{\}\.(json|xml)$/, "{}")}`;

  const sources = [
    ...readdirSync(path.join(ROOT, "apps/server/src/modules"))
      .flatMap((module) => [
        `apps/server/src/modules/${module}/routes.ts`,
        `apps/server/src/modules/${module}/admin-routes.ts`,
      ])
      .filter((file) => existsSync(path.join(ROOT, file))),
    "apps/server/src/app.ts",
  ];
  /** The endpoint descriptors of packages/domain/src/endpoints, by group (`cartEndpoints`). */
  const descriptors = new Map(
    Object.entries(domain as Record<string, unknown>)
      .filter(([name]) => name.endsWith("Endpoints"))
      .map(([name, group]) => [name, group as Record<string, domain.Endpoint>]),
  );
  const registered = new Set<string>();
  for (const file of sources) {
    const code = read(file);
    const before = registered.size;
    // A route made from a descriptor (plugins/endpoint.ts) has the descriptor's method and path;
    // a file may import a group under another name (`cartEndpoints as cart`).
    const groups = new Map<string, Record<string, domain.Endpoint>>();
    for (const m of code.matchAll(/\b(\w+Endpoints)(?:\s+as\s+(\w+))?\b/g)) {
      const group = descriptors.get(m[1] ?? "");
      if (group) groups.set(m[2] ?? m[1] ?? "", group);
    }
    // A group made with the server's own rules (`platformEndpointsOf(isCommonPassword)`) has
    // the default group's routes.
    for (const m of code.matchAll(/\bconst (\w+) = (\w+Endpoints)Of\(/g)) {
      const group = descriptors.get(m[2] ?? "");
      if (group) groups.set(m[1] ?? "", group);
    }
    // A module's `…AdminRoutes` plugin is registered inside app.ts's /api/admin scope: its
    // paths are under /api/admin (a descriptor's path is already the full one).
    const plugins = code.split(/^(?=export const \w+: FastifyPluginAsyncZod)/m);
    for (const plugin of plugins) {
      const prefix = /^export const \w+AdminRoutes:/.test(plugin) ? "/api/admin" : "";
      for (const m of plugin.matchAll(/\.(get|post|put|patch|delete)(?:<[^>]*>)?\(\s*"([^"]+)"/g)) {
        registered.add(normal((m[1] ?? "").toUpperCase(), `${prefix}${m[2] ?? ""}`));
      }
      for (const m of plugin.matchAll(/\b(?:route\(\s*\w+,|endpointRead\()\s*(\w+)\.(\w+)/g)) {
        const endpoint = groups.get(m[1] ?? "")?.[m[2] ?? ""];
        if (endpoint) registered.add(normal(endpoint.method, endpoint.path));
      }
    }
    // A pageRead (plugins/page-reads.ts) is a GET defined by its url.
    for (const m of code.matchAll(/^\s*url: "([^"]+)",$/gm))
      registered.add(normal("GET", m[1] ?? ""));
    if (file !== "apps/server/src/app.ts") {
      expect(registered.size, `${file} registers routes this test can read`).toBeGreaterThan(
        before,
      );
    }
  }
  const api = read("docs/api.md");
  const documented = new Set(
    [...api.matchAll(/^\| `(GET|POST|PUT|PATCH|DELETE)` \| `([^`]+)` \|/gm)].map((m) =>
      normal(m[1] ?? "", m[2] ?? ""),
    ),
  );

  it("names every route of apps/server/src/modules/*/routes.ts and app.ts", () => {
    expect([...registered].filter((route) => !documented.has(route)).sort()).toEqual([]);
  });

  it("names no route the server does not register", () => {
    expect([...documented].filter((route) => !registered.has(route)).sort()).toEqual([]);
  });

  it("finds every endpoint descriptor of packages/domain registered by a routes.ts", () => {
    const described = [...descriptors.values()].flatMap((group) =>
      Object.values(group).map((endpoint) => normal(endpoint.method, endpoint.path)),
    );
    expect(described.length).toBeGreaterThan(0);
    expect(described.filter((route) => !registered.has(route)).sort()).toEqual([]);
  });
});

describe("docs/configuration.md names the settings config.ts reads", () => {
  const code = read("apps/server/src/config.ts");
  const schema = code.slice(code.indexOf("const EnvSchema = z.object({"));
  const settings = [
    ...schema.slice(0, schema.indexOf("\n});")).matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm),
  ].map((m) => m[1] ?? "");
  const table = section(read("docs/configuration.md"), "## The server");
  const documented = [...table.matchAll(/^\| `([A-Z][A-Z0-9_]*)`/gm)].map((m) => m[1] ?? "");

  it("lists every setting of config.ts in its server table, and no other", () => {
    expect(settings.length).toBeGreaterThan(20);
    expect([...documented].sort()).toEqual([...settings].sort());
  });
});
