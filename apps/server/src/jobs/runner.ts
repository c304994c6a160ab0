import PgBoss from "pg-boss";
import { acrossStores } from "../db/store-scope.ts";
import type { Logger } from "../lib/logger.ts";

/** A timed job: its name, when it runs (cron, UTC) and what it does. */
export interface Job {
  name: string;
  cron: string;
  run(now: Date): Promise<unknown>;
}

/** What runs the jobs: pg-boss, on the store's PostgreSQL. */
export interface JobRunner {
  add(job: Job): this;
  /** Schedules each job and starts working on them. */
  start(): Promise<void>;
  /** Resolves once start() has finished (at once if it was never called). */
  whenStarted(): Promise<void>;
  /** Puts a run of a job in the queue now; answers its id. */
  enqueue(name: string): Promise<string | null>;
  /** Runs a job here and now (the worker calls this; so may a test, at another time). */
  runNow(name: string, at?: Date): Promise<unknown>;
  stop(): Promise<void>;
}

/**
 * A PostgreSQL-backed queue (pg-boss), with a pool of its own. Each job's cron puts one run in
 * the queue per minute whichever instances are running (the schedule is kept in the database),
 * one instance takes it, and a job's queue holds one run at a time.
 */
class PgBossRunner implements JobRunner {
  readonly #jobs = new Map<string, Job>();
  #ready: Promise<void> | null = null;
  readonly #boss: PgBoss;
  #started = false;

  constructor(
    databaseUrl: string,
    private readonly log: Logger,
    private readonly now: () => Date,
  ) {
    this.#boss = new PgBoss({
      connectionString: databaseUrl,
      max: 2,
      application_name: "storefront-jobs",
      // A finished run is kept a day for inspection, then deleted.
      deleteAfterDays: 1,
      archiveCompletedAfterSeconds: 60 * 60,
    });
    this.#boss.on("error", (err: unknown) => this.log.error({ err }, "job queue error"));
  }

  add(job: Job): this {
    this.#jobs.set(job.name, job);
    return this;
  }

  start(): Promise<void> {
    // A start that failed (the database away at boot) may be tried again.
    this.#ready ??= this.begin().catch((err: unknown) => {
      this.#ready = null;
      throw err;
    });
    return this.#ready;
  }

  async whenStarted(): Promise<void> {
    await this.#ready;
  }

  async runNow(name: string, at: Date = this.now()): Promise<unknown> {
    const job = this.#jobs.get(name);
    if (!job) throw new Error(`No job named ${name}`);
    try {
      // A job's run works over every store (each of its statements names its store).
      return await acrossStores(() => job.run(at));
    } catch (err) {
      this.log.error({ err, job: name }, "a job failed");
      throw err;
    }
  }

  private async begin(): Promise<void> {
    await this.#boss.start();
    this.#started = true;
    for (const job of this.#jobs.values()) {
      // At most one run waiting and one running: a slow run is not overtaken by the next
      // minute's, and runs do not pile up behind it.
      await retryOnDeadlock(() =>
        this.#boss.createQueue(job.name, {
          name: job.name,
          policy: "stately",
          retryLimit: 0,
          expireInSeconds: 15 * 60,
        }),
      );
      await retryOnDeadlock(() => this.#boss.schedule(job.name, job.cron, {}, { tz: "UTC" }));
      await this.#boss.work(job.name, { pollingIntervalSeconds: 2 }, async () => {
        await this.runNow(job.name);
      });
    }
  }

  enqueue(name: string): Promise<string | null> {
    return this.#boss.send(name, {});
  }

  async stop(): Promise<void> {
    if (!this.#started) return;
    this.#started = false;
    await this.#boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }
}

/**
 * Two instances starting at once make the same queues in one table and can deadlock there
 * (PostgreSQL's 40P01 aborts one of them): that one tries again, a moment later.
 */
async function retryOnDeadlock<T>(step: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      if ((error as { code?: unknown }).code !== "40P01" || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
}

/** The store's timed jobs, on pg-boss in the database at `databaseUrl`. */
export function createJobRunner(
  databaseUrl: string,
  log: Logger,
  now: () => Date = () => new Date(),
): JobRunner {
  return new PgBossRunner(databaseUrl, log, now);
}

/**
 * Makes or updates pg-boss's tables and stops: the start-up child (db/prepare-child.ts) does it
 * once, before the instances start.
 */
export async function prepareJobQueue(databaseUrl: string): Promise<void> {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    max: 1,
    supervise: false,
    schedule: false,
  });
  await boss.start();
  await boss.stop({ graceful: false, wait: true });
}
