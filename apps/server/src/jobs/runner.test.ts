import { afterEach, describe, expect, it, vi } from "vitest";
import { createJobRunner } from "./runner.ts";

const quiet = { info() {}, warn() {}, error() {} };

describe("the in-process job runner (embedded database)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs each job when its cron's minute comes, once, and never two runs of one job at a time", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-26T10:00:30Z") });
    const runs: string[] = [];
    let release: () => void = () => {};
    const runner = createJobRunner({ engine: "pglite" }, quiet, () => new Date(Date.now()))
      .add({
        name: "every-minute",
        cron: "* * * * *",
        run: async (now) => {
          runs.push(`minute ${now.toISOString().slice(11, 19)}`);
          // The first run is slow: it is still going when the next minute comes.
          if (runs.length === 1) await new Promise<void>((resolve) => (release = resolve));
        },
      })
      .add({
        name: "nightly",
        cron: "17 3 * * *",
        run: async () => {
          runs.push("nightly");
        },
      });
    expect(runner.kind).toBe("in-process");
    await runner.start();
    // Nothing is due at start: the first run is at the next cron time.
    await vi.advanceTimersByTimeAsync(15_000);
    expect(runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(30_000); // 10:01:15
    expect(runs).toEqual(["minute 10:01:00"]);
    await vi.advanceTimersByTimeAsync(60_000); // 10:02:15, the first run still going
    expect(runs).toEqual(["minute 10:01:00"]);
    release();
    await vi.advanceTimersByTimeAsync(60_000); // 10:03:15
    expect(runs).toEqual(["minute 10:01:00", "minute 10:03:00"]);
    expect(runs).not.toContain("nightly");
    await runner.stop();
  });
});
