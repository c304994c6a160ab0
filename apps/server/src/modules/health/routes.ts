import type { FastifyPluginAsync } from "fastify";
import { pendingMigrations } from "../../db/index.ts";

/**
 * A Redis that takes longer than this to answer counts as unavailable; short, so that a silent
 * Redis does not make the probe itself time out at the load balancer.
 */
const REDIS_PING_TIMEOUT_MS = 500;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * For load balancers and orchestrators, cheap and not logged (they ask every few seconds):
 * /healthz, the process answers; /readyz, it can serve: the database answers with every
 * migration of this build applied. Redis is reported but does not decide: without it the rate
 * limits count in this process (docs/decisions/188-redis-outage-ready.md), so an outage of Redis
 * must not take every instance out of the load balancer at once. Neither is cached.
 */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get("/healthz", { schema: { hide: true }, logLevel: "silent" }, async (_request, reply) =>
    reply.header("cache-control", "no-store").send({ status: "ok" }),
  );

  app.get("/readyz", { schema: { hide: true }, logLevel: "silent" }, async (_request, reply) => {
    // A database that does not answer: the 503 every route gives then (with Retry-After).
    const pending = await pendingMigrations(app.db);
    const redis = await within(app.rateLimiter.ping(), REDIS_PING_TIMEOUT_MS).then(
      (answered) => (answered ? "ok" : "not configured"),
      // Degraded, still serving: limits count in this process until Redis answers again.
      () => "unavailable",
    );
    const database = pending > 0 ? `${pending} migrations not applied` : "ok";
    const ready = pending === 0;
    return reply
      .status(ready ? 200 : 503)
      .header("cache-control", "no-store")
      .send({ status: ready ? "ready" : "not ready", database, redis });
  });
};
