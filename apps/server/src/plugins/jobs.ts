import type { FastifyInstance } from "fastify";
import { createJobs } from "../jobs/index.ts";

/**
 * Starts the timed jobs (src/jobs) once the app is ready, when the config says this process runs
 * them, without holding up the first request (pg-boss makes its tables on a first start), and
 * stops them before the app closes. `app.jobs` runs one at once (tests, operators).
 */
export function registerJobs(app: FastifyInstance): void {
  const jobs = createJobs(app, app.config.databaseUrl ? "postgres" : "pglite");
  app.decorate("jobs", jobs);
  if (!app.config.runJobs) return;
  let started: Promise<void> = Promise.resolve();
  app.addHook("onReady", async () => {
    started = jobs.start().catch((err: unknown) => {
      app.log.error({ err }, "the timed jobs could not start");
    });
  });
  app.addHook("preClose", async () => {
    await started;
    await jobs.stop();
  });
}
