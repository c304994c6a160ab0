/** How the bench prints: progress on stderr, numbers, sizes, tables and error messages. */

export function progress(message: string): void {
  console.error(`… ${message}`);
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : "";
    return `${error.message}${cause}`;
  }
  return String(error);
}

export function table(headers: string[], rows: string[][], rightAligned: boolean[]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => {
        const width = widths[i] ?? 0;
        return rightAligned[i] ? cell.padStart(width) : cell.padEnd(width);
      })
      .join("  ")
      .trimEnd();
  return [line(headers), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
export const kb = (bytes: number) => `${fmt(bytes / 1000, 1)} KB`;
export const kib = (bytes: number) => `${fmt(bytes / 1024, 1)} KiB`;
export const percent = (ratio: number) => `${fmt(ratio * 100, ratio < 0.01 ? 2 : 1)} %`;
export const ms = (value: number | null) => (value === null ? "n/a" : `${fmt(value)} ms`);
export const mb = (bytes: number | null) =>
  bytes === null ? "n/a" : `${fmt(bytes / 1024 / 1024)} MB`;

/** The upper median (of an even count, the higher of the middle two); null for none. */
export const median = (xs: number[]): number | null => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted.length === 0 ? null : (sorted[Math.floor(sorted.length / 2)] ?? null);
};

export function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p90: at(0.9), p99: at(0.99), max: sorted.at(-1) ?? 0 };
}
