import { randomUUID } from "node:crypto";
// cron-parser 4 is CommonJS: Node's ESM loader gives its exports as the default import.
import cronParser from "cron-parser";
import PgBoss from "pg-boss";
import type { Logger } from "../lib/logger.ts";

/** A timed job: its name, when it runs (cron, UTC) and what it does. */
export interface Job {
  name: string;
  cron: string;
  run(now: Date): Promise<unknown>;
}

/** What runs the jobs: pg-boss on PostgreSQL, the process itself on the embedded database. */
export interface JobRunner {
  readonly kind: "pg-boss" | "in-process";
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

type Connection = { engine: "pglite" | "postgres"; databaseUrl?: string | undefined };

abstract class Jobs {
  protected readonly jobs = new Map<string, Job>();
  #ready: Promise<void> | null = null;

  constructor(
    protected readonly log: Logger,
    protected readonly now: () => Date,
  ) {}

  add(job: Job): this {
    this.jobs.set(job.name, job);
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

  protected abstract begin(): Promise<void>;

  async runNow(name: string, at: Date = this.now()): Promise<unknown> {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`No job named ${name}`);
    try {
      return await job.run(at);
    } catch (err) {
      this.log.error({ err, job: name }, "a job failed");
      throw err;
    }
  }
}

/**
 * On PostgreSQL: a PostgreSQL-backed queue (pg-boss), with a pool of its own. Each job's cron
 * puts one run in the queue per minute whichever instances are running (the schedule is kept in
 * the database), one instance takes it, and a job's queue holds one run at a time.
 */
class PgBossRunner extends Jobs implements JobRunner {
  readonly kind = "pg-boss" as const;
  readonly #boss: PgBoss;
  #started = false;

  constructor(databaseUrl: string, log: Logger, now: () => Date) {
    super(log, now);
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

  protected async begin(): Promise<void> {
    await this.#boss.start();
    this.#started = true;
    for (const job of this.jobs.values()) {
      // At most one run waiting and one running: a slow run is not overtaken by the next
      // minute's, and runs do not pile up behind it.
      await this.#boss.createQueue(job.name, {
        name: job.name,
        policy: "stately",
        retryLimit: 0,
        expireInSeconds: 15 * 60,
      });
      await this.#boss.schedule(job.name, job.cron, {}, { tz: "UTC" });
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

/** How often the in-process runner looks at its jobs' crons. */
const TICK_MS = 15_000;

/**
 * On the embedded database, which one process opens: the jobs run in that process, each when its
 * cron's minute comes, one run of a job at a time. (pg-boss on PGlite grew the process by about
 * 70 MB, a quarter of a small store's memory, for a queue only one process could use.)
 */
class InProcessRunner extends Jobs implements JobRunner {
  readonly kind = "in-process" as const;
  #timer: NodeJS.Timeout | null = null;
  readonly #lastDue = new Map<string, number>();
  readonly #running = new Map<string, Promise<unknown>>();

  protected async begin(): Promise<void> {
    const now = this.now();
    // A run is due at each cron time after the start.
    for (const job of this.jobs.values()) this.#lastDue.set(job.name, this.#dueAt(job, now));
    this.#timer = setInterval(() => this.#tick(), TICK_MS);
    this.#timer.unref();
  }

  /** The newest time the job's cron names, at or before `at`. */
  #dueAt(job: Job, at: Date): number {
    const cron = cronParser.parseExpression(job.cron, {
      currentDate: new Date(at.getTime() + 1),
      tz: "UTC",
    });
    return cron.prev().getTime();
  }

  #tick(): void {
    const now = this.now();
    for (const job of this.jobs.values()) {
      const due = this.#dueAt(job, now);
      if (due <= (this.#lastDue.get(job.name) ?? 0)) continue;
      this.#lastDue.set(job.name, due);
      void this.#runOnce(job.name);
    }
  }

  #runOnce(name: string): Promise<unknown> {
    const running = this.#running.get(name);
    if (running) return running;
    const run = this.runNow(name)
      .catch(() => undefined /* logged by runNow; the next time it is due is the retry */)
      .finally(() => this.#running.delete(name));
    this.#running.set(name, run);
    return run;
  }

  async enqueue(name: string): Promise<string | null> {
    if (!this.jobs.has(name)) throw new Error(`No job named ${name}`);
    void this.#runOnce(name);
    return randomUUID();
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await Promise.allSettled([...this.#running.values()]);
  }
}

/** The runner for the database: pg-boss on PostgreSQL, the process itself on PGlite. */
export function createJobRunner(
  connection: Connection,
  log: Logger,
  now: () => Date = () => new Date(),
): JobRunner {
  return connection.engine === "postgres" && connection.databaseUrl
    ? new PgBossRunner(connection.databaseUrl, log, now)
    : new InProcessRunner(log, now);
}

/**
 * Makes or updates pg-boss's tables and stops (PostgreSQL only): the start-up child
 * (db/prepare-child.ts) does it once, before the instances start.
 */
export async function prepareJobQueue(connection: Connection): Promise<void> {
  if (connection.engine !== "postgres" || !connection.databaseUrl) return;
  const boss = new PgBoss({
    connectionString: connection.databaseUrl,
    max: 1,
    supervise: false,
    schedule: false,
  });
  await boss.start();
  await boss.stop({ graceful: false, wait: true });
}
