import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { robotsTxt, sitemapXml } from "./service.ts";

/** Crawlers read these again within minutes of a change, not on every page they fetch. */
const CACHE = "public, max-age=300";

/** The origin the request came in on: its protocol (behind a trusted proxy, its) and host. */
function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * Search engines: each store's robots.txt and sitemap, by the host the request came in on
 * (sitemaps.org: /sitemap.xml lists every page, or past 50,000 an index of /sitemap-N.xml).
 */
export const seoRoutes: FastifyPluginAsync = async (app) => {
  app.get("/robots.txt", { schema: { hide: true } }, async (request, reply) =>
    reply
      .type("text/plain; charset=utf-8")
      .header("cache-control", CACHE)
      .send(robotsTxt(originOf(request))),
  );

  const sitemap = async (request: FastifyRequest, file: number | null) => {
    const storeId = await app.stores.resolve(request.hostname);
    return sitemapXml(app.db, storeId, originOf(request), file);
  };
  app.get("/sitemap.xml", { schema: { hide: true } }, async (request, reply) => {
    const xml = await sitemap(request, null);
    return reply.type("application/xml; charset=utf-8").header("cache-control", CACHE).send(xml);
  });
  app.get<{ Params: { file: string } }>(
    "/sitemap-:file",
    { schema: { hide: true } },
    async (request, reply) => {
      const n = /^([1-9][0-9]{0,5})\.xml$/.exec(request.params.file)?.[1];
      const xml = n ? await sitemap(request, Number(n)) : null;
      if (xml === null) return reply.callNotFound();
      return reply.type("application/xml; charset=utf-8").header("cache-control", CACHE).send(xml);
    },
  );
};
