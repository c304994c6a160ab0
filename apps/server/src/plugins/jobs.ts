import type { FastifyInstance } from "fastify";
import { createJobs } from "../jobs/index.ts";

const RETRY_MS = 60_000;

/**
 * Starts the timed jobs (src/jobs) once the app is ready, when the config says this process runs
 * them, without holding up the first request (pg-boss makes its tables on a first start), and
 * stops them before the app closes. `app.jobs` runs one at once (tests, operators).
 */
export function registerJobs(app: FastifyInstance, databaseUrl: string): void {
  const jobs = createJobs(app, databaseUrl);
  app.decorate("jobs", jobs);
  if (!app.config.runJobs) return;
  let started: Promise<void> = Promise.resolve();
  let retry: NodeJS.Timeout | null = null;
  let closing = false;
  // Tried again every minute until it starts: payment holds must not wait for a restart.
  const start = () => {
    started = jobs.start().catch((err: unknown) => {
      app.log.error({ err }, "the timed jobs could not start; trying again in a minute");
      if (closing) return;
      retry = setTimeout(start, RETRY_MS);
      retry.unref();
    });
  };
  app.addHook("onReady", async () => start());
  app.addHook("preClose", async () => {
    closing = true;
    if (retry) clearTimeout(retry);
    await started;
    await jobs.stop();
  });
}
