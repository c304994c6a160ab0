/**
 * What could not run: a part that throws is listed under "Could not run" (and the bench exits 1)
 * while the others go on; a part without figures says why.
 */
import { errorMessage } from "./format.ts";
import { wanted } from "./settings.ts";

/** `fn`'s answer; null, with "`what`: <the error>" added to `problems`, if it throws. */
export async function attempt<T>(
  problems: string[],
  what: string,
  fn: () => Promise<T>,
): Promise<T | null> {
  try {
    return await fn();
  } catch (error) {
    problems.push(`${what}: ${errorMessage(error)}`);
    return null;
  }
}

/**
 * Why the part named `part` (as BENCH_ONLY matches it) has no figures: `off`, the option that
 * turned it off, if one did; else left out by BENCH_ONLY; else it failed (`failed`).
 */
export function whyNotRun(
  part: string,
  { off, failed = "did not run" }: { off?: string | undefined; failed?: string } = {},
): string {
  if (off !== undefined) return `skipped (${off})`;
  return wanted(part) ? `${failed} (see problems)` : "skipped (BENCH_ONLY)";
}
