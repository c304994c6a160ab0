/**
 * What does Lighthouse score the home, collection and product pages (performance, accessibility,
 * best practices, SEO), and which audits fail; each page's full report is saved beside the results.
 */
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result as LighthouseResult } from "lighthouse";
import { fmt, kb, ms, progress, table } from "../lib/format.ts";
import { attempt, whyNotRun } from "../lib/problems.ts";
import type { BenchServers } from "../lib/servers.ts";
import {
  CHROME_FLAGS,
  CHROME_PATH,
  repoRoot,
  resultsDir,
  SKIP_LIGHTHOUSE,
  wanted,
} from "../lib/settings.ts";
import { PATHS } from "../lib/store-requests.ts";

const LIGHTHOUSE_PAGES: { name: string; path: string }[] = [
  { name: "home", path: PATHS.home },
  { name: "collection", path: PATHS.collection },
  { name: "product", path: PATHS.product },
];
const LIGHTHOUSE_CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
/** Categories whose every audit below 1 is listed for a developer to fix. */
const AUDITED_CATEGORIES = ["accessibility", "best-practices", "seo"] as const;

interface FailingAudit {
  category: string;
  id: string;
  title: string;
  score: number;
  displayValue?: string;
  /** For accessibility: the failing nodes (first 3); elsewhere a short description of the items. */
  items: { selector?: string; snippet?: string; explanation?: string; text?: string }[];
  itemCount: number;
}

export interface LighthousePage {
  name: string;
  url: string;
  scores: Record<string, number | null>;
  metrics: {
    lcpMs: number | null;
    tbtMs: number | null;
    cls: number | null;
    fcpMs: number | null;
    speedIndexMs: number | null;
  };
  failingAudits: FailingAudit[];
  performanceOpportunities: { id: string; title: string; score: number; displayValue?: string }[];
  scripts?: { count: number; transferBytes: number; resourceBytes: number };
  runWarnings: string[];
  /** The full Lighthouse result (lhr), relative to the repo root. */
  reportFile?: string;
  lighthouseVersion: string;
  formFactor: string;
  throttlingMethod: string;
}

type Audit = LighthouseResult["audits"][string];

function numeric(lhr: LighthouseResult, id: string): number | null {
  const value = lhr.audits[id]?.numericValue;
  return typeof value === "number" ? value : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function detailItems(audit: Audit): Record<string, unknown>[] {
  const details: unknown = audit.details;
  if (!isRecord(details) || !Array.isArray(details.items)) return [];
  return details.items.filter(isRecord);
}

function describeItem(item: Record<string, unknown>): FailingAudit["items"][number] {
  const node = item.node;
  if (isRecord(node) && node.type === "node") {
    const described: FailingAudit["items"][number] = {};
    if (typeof node.selector === "string") described.selector = node.selector;
    if (typeof node.snippet === "string") described.snippet = node.snippet;
    if (typeof node.explanation === "string") described.explanation = node.explanation;
    return described;
  }
  const parts: string[] = [];
  for (const key of [
    "description",
    "url",
    "sourceLocation",
    "source",
    "issueType",
    "label",
    "value",
  ]) {
    const value = item[key];
    if (typeof value === "string" || typeof value === "number") parts.push(String(value));
    else if (isRecord(value) && typeof value.url === "string") parts.push(value.url);
    else if (isRecord(value) && typeof value.text === "string") parts.push(value.text);
  }
  return { text: parts.join(" — ").slice(0, 300) };
}

function summarizeLighthouse(name: string, lhr: LighthouseResult): LighthousePage {
  const scores: Record<string, number | null> = {};
  for (const id of LIGHTHOUSE_CATEGORIES) {
    const score = lhr.categories[id]?.score;
    scores[id] = typeof score === "number" ? Math.round(score * 100) : null;
  }

  const failingAudits: FailingAudit[] = [];
  for (const category of AUDITED_CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (audit === undefined || audit.score === null || audit.score >= 1) continue;
      const items = detailItems(audit);
      const failing: FailingAudit = {
        category,
        id: audit.id,
        title: audit.title,
        score: audit.score,
        items: items.slice(0, 3).map(describeItem),
        itemCount: items.length,
      };
      if (audit.displayValue) failing.displayValue = audit.displayValue;
      failingAudits.push(failing);
    }
  }

  const performanceOpportunities: LighthousePage["performanceOpportunities"] = [];
  for (const ref of lhr.categories.performance?.auditRefs ?? []) {
    if (ref.group === "metrics") continue;
    const audit = lhr.audits[ref.id];
    if (audit === undefined || audit.score === null || audit.score >= 0.9) continue;
    if (audit.scoreDisplayMode === "informative" || audit.scoreDisplayMode === "notApplicable") {
      continue;
    }
    const entry: LighthousePage["performanceOpportunities"][number] = {
      id: audit.id,
      title: audit.title,
      score: audit.score,
    };
    if (audit.displayValue) entry.displayValue = audit.displayValue;
    performanceOpportunities.push(entry);
  }

  const page: LighthousePage = {
    name,
    url: lhr.finalDisplayedUrl,
    scores,
    metrics: {
      lcpMs: numeric(lhr, "largest-contentful-paint"),
      tbtMs: numeric(lhr, "total-blocking-time"),
      cls: numeric(lhr, "cumulative-layout-shift"),
      fcpMs: numeric(lhr, "first-contentful-paint"),
      speedIndexMs: numeric(lhr, "speed-index"),
    },
    failingAudits,
    performanceOpportunities,
    runWarnings: lhr.runWarnings.map(String),
    lighthouseVersion: lhr.lighthouseVersion,
    formFactor: lhr.configSettings.formFactor,
    throttlingMethod: lhr.configSettings.throttlingMethod,
  };

  const network = lhr.audits["network-requests"];
  if (network !== undefined) {
    const scripts = detailItems(network).filter((item) => item.resourceType === "Script");
    const bytes = (item: Record<string, unknown>, key: string) =>
      typeof item[key] === "number" ? item[key] : 0;
    page.scripts = {
      count: scripts.length,
      transferBytes: scripts.reduce((a, item) => a + bytes(item, "transferSize"), 0),
      resourceBytes: scripts.reduce((a, item) => a + bytes(item, "resourceSize"), 0),
    };
  }
  return page;
}

/** Lighthouse on each of LIGHTHOUSE_PAGES in one Chromium; a page that fails is a problem. */
async function lighthousePages(origin: string, problems: string[]): Promise<LighthousePage[]> {
  if (!existsSync(CHROME_PATH)) {
    throw new Error(`Chromium not found at ${CHROME_PATH} (set CHROMIUM_PATH)`);
  }
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
  });
  const pages: LighthousePage[] = [];
  try {
    for (const { name, path: pagePath } of LIGHTHOUSE_PAGES) {
      const url = new URL(pagePath, origin).href;
      progress(`Lighthouse: ${name} (${url})`);
      const page = await attempt(problems, `Lighthouse on ${url}`, async () => {
        const runner = await lighthouse(url, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: [...LIGHTHOUSE_CATEGORIES],
        });
        if (runner === undefined) throw new Error("Lighthouse returned no result");
        const { lhr } = runner;
        if (lhr.runtimeError) {
          throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
        }
        const summary = summarizeLighthouse(name, lhr);
        summary.reportFile = path.relative(
          repoRoot,
          path.join(resultsDir, `lighthouse-${name}.json`),
        );
        await mkdir(resultsDir, { recursive: true });
        await writeFile(path.join(repoRoot, summary.reportFile), JSON.stringify(lhr));
        return summary;
      });
      if (page !== null) pages.push(page);
    }
  } finally {
    chrome.kill();
  }
  return pages;
}

/** On localhost: a secure context for Chrome, like production over https. */
export async function runLighthouse(
  servers: BenchServers,
  problems: string[],
): Promise<LighthousePage[] | null> {
  if (SKIP_LIGHTHOUSE || !wanted("lighthouse")) {
    progress(
      SKIP_LIGHTHOUSE
        ? "Lighthouse skipped (BENCH_SKIP_LIGHTHOUSE=1)"
        : "Lighthouse skipped (BENCH_ONLY)",
    );
    return null;
  }
  return attempt(problems, "Lighthouse", () =>
    lighthousePages(`http://localhost:${servers.appPort}`, problems),
  );
}

function printPages(pages: LighthousePage[]): string {
  const lines: string[] = [];
  const first = pages[0];
  if (first !== undefined) {
    lines.push(
      `Lighthouse ${first.lighthouseVersion}, ${first.formFactor}, ${first.throttlingMethod} throttling`,
    );
  }
  lines.push(
    table(
      ["Page", "Perf", "A11y", "Best pr.", "SEO", "LCP", "TBT", "CLS", "FCP", "Speed idx"],
      pages.map((p) => [
        p.name,
        String(p.scores.performance ?? "n/a"),
        String(p.scores.accessibility ?? "n/a"),
        String(p.scores["best-practices"] ?? "n/a"),
        String(p.scores.seo ?? "n/a"),
        ms(p.metrics.lcpMs),
        ms(p.metrics.tbtMs),
        p.metrics.cls === null ? "n/a" : fmt(p.metrics.cls, 3),
        ms(p.metrics.fcpMs),
        ms(p.metrics.speedIndexMs),
      ]),
      [false, true, true, true, true, true, true, true, true, true],
    ),
  );
  for (const p of pages) {
    if (p.scripts !== undefined) {
      lines.push(
        `  ${p.name}: Chrome loaded ${p.scripts.count} scripts, ${kb(p.scripts.transferBytes)} transferred (${kb(p.scripts.resourceBytes)} uncompressed)`,
      );
    }
  }
  for (const p of pages) {
    lines.push("");
    lines.push(`${p.name} (${p.url})${p.reportFile ? `   full report: ${p.reportFile}` : ""}`);
    for (const warning of p.runWarnings) lines.push(`  run warning: ${warning}`);
    if (p.failingAudits.length === 0) {
      lines.push("  accessibility / best-practices / seo: every audit passes");
    }
    for (const audit of p.failingAudits) {
      const value = audit.displayValue ? ` — ${audit.displayValue}` : "";
      lines.push(
        `  ✗ [${audit.category}] ${audit.id}: ${audit.title} (score ${audit.score})${value}`,
      );
      for (const item of audit.items) {
        if (item.selector !== undefined) {
          lines.push(
            `      ${item.selector}${item.snippet ? `   ${item.snippet.slice(0, 120)}` : ""}`,
          );
          if (item.explanation) {
            lines.push(`        ${item.explanation.replace(/\s+/g, " ").slice(0, 240)}`);
          }
        } else if (item.text) {
          lines.push(`      ${item.text}`);
        }
      }
      if (audit.itemCount > audit.items.length) {
        lines.push(`      … ${audit.itemCount - audit.items.length} more`);
      }
    }
    if (p.performanceOpportunities.length > 0) {
      lines.push("  performance audits below 0.9:");
      for (const o of p.performanceOpportunities) {
        lines.push(
          `    - ${o.id}: ${o.title} (score ${o.score})${o.displayValue ? ` — ${o.displayValue}` : ""}`,
        );
      }
    }
  }
  return lines.join("\n");
}

export function printLighthouse(pages: LighthousePage[] | null): string[] {
  if (pages !== null) return [printPages(pages)];
  const off = SKIP_LIGHTHOUSE ? "BENCH_SKIP_LIGHTHOUSE=1" : undefined;
  return [`Lighthouse: ${whyNotRun("lighthouse", { off })}`];
}
