import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { requestOrigin } from "../../plugins/origin.ts";
import { resolveRequestStore } from "../../plugins/store.ts";
import { robotsTxt, sitemapXml } from "./service.ts";

/** Crawlers read these again within minutes of a change, not on every page they fetch. */
const CACHE = "public, max-age=300";

/**
 * Search engines: each store's robots.txt and sitemap, by the host the request came in on
 * (sitemaps.org: /sitemap.xml lists every page, or past 50,000 an index of /sitemap-N.xml).
 */
export const seoRoutes: FastifyPluginAsync = async (app) => {
  app.get("/robots.txt", { schema: { hide: true } }, async (request, reply) =>
    reply
      .type("text/plain; charset=utf-8")
      .header("cache-control", CACHE)
      .send(robotsTxt(requestOrigin(request).origin)),
  );

  /** The store's sitemap file (null: /sitemap.xml), or the 404 of a file it does not have. */
  async function sitemap(request: FastifyRequest, reply: FastifyReply, file: number | null) {
    const storeId = await resolveRequestStore(request);
    const xml = await sitemapXml(app.db, storeId, requestOrigin(request).origin, file);
    if (xml === null) return reply.callNotFound();
    return reply.type("application/xml; charset=utf-8").header("cache-control", CACHE).send(xml);
  }
  app.get("/sitemap.xml", { schema: { hide: true } }, async (request, reply) =>
    sitemap(request, reply, null),
  );
  app.get<{ Params: { file: string } }>(
    "/sitemap-:file",
    { schema: { hide: true } },
    async (request, reply) => {
      const n = /^([1-9][0-9]{0,5})\.xml$/.exec(request.params.file)?.[1];
      return n ? sitemap(request, reply, Number(n)) : reply.callNotFound();
    },
  );
};
