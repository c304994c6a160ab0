import { type Country, REGIONS } from "./checkout.ts";

/** A country's tax rates: per region, each tax's rate in thousandths of a percent. */
export type RegionTaxes = Record<string, Record<string, number>>;

export const TAX_TEXT_MESSAGES = {
  line: (n: number) =>
    `Line ${n}: write a region and its taxes in percent, e.g. "NY: Sales tax 4" or "BC: GST 5, PST 7"`,
  region: (n: number, country: Country, region: string) =>
    `Line ${n}: ${region} is not a region of ${country}`,
  rate: (n: number) => `Line ${n}: a tax is at most 30 percent, with up to 3 decimals`,
  twice: (n: number, region: string) => `Line ${n}: ${region} is given twice`,
} as const;

const M = TAX_TEXT_MESSAGES;

/** Rates as a person reads and types them: one region a line, "BC: GST 5, PST 7". */
export function taxText(rates: RegionTaxes | undefined): string {
  return Object.entries(rates ?? {})
    .map(
      ([region, taxes]) =>
        `${region}: ${Object.entries(taxes)
          .map(([name, rate]) => `${name} ${rate / 1000}`)
          .join(", ")}`,
    )
    .join("\n");
}

/**
 * A country's rates typed as `taxText` writes them, read back; blank lines are skipped. Answers
 * the rates, or what to fix, naming the line.
 */
export function parseTaxText(
  text: string,
  country: Country,
): { rates: RegionTaxes } | { error: string } {
  const rates: RegionTaxes = {};
  const lines = text.split("\n");
  for (const [i, raw] of lines.entries()) {
    const n = i + 1;
    const line = raw.trim();
    if (line === "") continue;
    const match = /^([A-Za-z]{2,5})\s*:\s*(.+)$/.exec(line);
    if (!match?.[1] || !match[2]) return { error: M.line(n) };
    const region = match[1].toUpperCase();
    if (!REGIONS[country].some((r) => r.code === region)) {
      return { error: M.region(n, country, region) };
    }
    if (rates[region]) return { error: M.twice(n, region) };
    const taxes: Record<string, number> = {};
    for (const part of match[2].split(",")) {
      const tax = /^(.*?[^\s\d.][^\d]*?)\s+(\d{1,2}(?:\.\d{1,3})?)\s*%?$/.exec(part.trim());
      if (!tax?.[1] || !tax[2]) return { error: M.line(n) };
      const rate = Math.round(Number(tax[2]) * 1000);
      if (rate > 30_000) return { error: M.rate(n) };
      taxes[tax[1].trim()] = rate;
    }
    rates[region] = taxes;
  }
  return { rates };
}
