/**
 * Loaded into the server process by `bench/get-answers.ts record` (`node --import`, after being
 * transpiled to JavaScript in the run's folder): it lists every route the server registers, as
 * Fastify itself sees them, without a hand-kept list and without touching the server's code.
 *
 * Fastify publishes each new instance on the `fastify.initialization` diagnostics channel before
 * any plugin or route is registered; an `onRoute` hook added there sees every route, and an
 * `onReady` hook writes them all to GETS_ROUTES_FILE once the server is ready to listen.
 */
import { subscribe } from "node:diagnostics_channel";
import { renameSync, writeFileSync } from "node:fs";
import type { FastifyInstance, RouteOptions } from "fastify";

/** One registered route, as written to GETS_ROUTES_FILE. */
export interface RegisteredRoute {
  methods: string[];
  url: string;
  /** Left out of the OpenAPI document (`schema.hide`). */
  hidden: boolean;
}

const out = process.env.GETS_ROUTES_FILE;

if (out) {
  subscribe("fastify.initialization", (message) => {
    const { fastify } = message as { fastify: FastifyInstance };
    const routes: RegisteredRoute[] = [];
    fastify.addHook("onRoute", (route: RouteOptions) => {
      const schema = route.schema as { hide?: unknown } | undefined;
      routes.push({
        methods: [route.method].flat().map((m) => String(m).toUpperCase()),
        url: route.url,
        hidden: schema?.hide === true,
      });
    });
    fastify.addHook("onReady", async () => {
      // Written whole, then renamed: the recorder never reads half a list.
      const partial = `${out}.${process.pid}.tmp`;
      writeFileSync(partial, JSON.stringify(routes, null, 1));
      renameSync(partial, out);
    });
  });
}
