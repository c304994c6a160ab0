import path from "node:path";
import { ImageSizeQuerySchema } from "@storefront/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type MediaStore, MediaUnavailableError } from "./media-store.ts";
import {
  ensureFirstVariant,
  isHiddenPath,
  isResizable,
  mediaType,
  ResizeBusyError,
  sizedFormat,
  sizedImage,
} from "./sized-images.ts";

/** Kept by browsers and CDNs for a week, like the originals. */
const MAX_AGE_S = 7 * 24 * 3600;

/** The browser's copy is still good: its If-None-Match names the ETag (or it is not older). */
function isFresh(request: FastifyRequest, found: { etag: string; modified: Date }): boolean {
  const tags = request.headers["if-none-match"];
  if (tags !== undefined) {
    // Weak comparison (RFC 9110 13.1.2): W/"x" and "x" are the same version.
    const bare = (tag: string) => tag.trim().replace(/^W\//, "");
    return tags.trim() === "*" || tags.split(",").some((tag) => bare(tag) === bare(found.etag));
  }
  const since = Date.parse(request.headers["if-modified-since"] ?? "");
  // HTTP dates have whole seconds.
  return !Number.isNaN(since) && Math.floor(found.modified.getTime() / 1000) * 1000 <= since;
}

/** Streams a key of the store with its validators, or a 304 when the browser's copy is good. */
async function sendMedia(
  media: MediaStore,
  key: string,
  request: FastifyRequest,
  reply: FastifyReply,
  cacheControl: string,
) {
  const conditional =
    request.headers["if-none-match"] !== undefined ||
    request.headers["if-modified-since"] !== undefined;
  if (conditional) {
    const seen = await media.head(key);
    if (!seen) return reply.callNotFound();
    if (isFresh(request, seen)) {
      return reply
        .code(304)
        .header("etag", seen.etag)
        .header("last-modified", seen.modified.toUTCString())
        .header("cache-control", cacheControl)
        .send();
    }
  }
  const found = await media.get(key);
  if (!found) return reply.callNotFound();
  return reply
    .header("etag", found.etag)
    .header("last-modified", found.modified.toUTCString())
    .header("content-length", found.size)
    .header("cache-control", cacheControl)
    .type(mediaType(key))
    .send(found.body);
}

/**
 * The stores' images under /media/, from the media store (the folder or the bucket): each file
 * as it is, or with `?w=` (one of IMAGE_WIDTHS) and optionally `?shape=` a copy resized (and
 * cropped to the shape around its centre), in AVIF or WebP as the browser's Accept allows
 * (`Vary: Accept`), made once and kept in the store.
 */
export const mediaRoutes =
  (media: MediaStore): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/media/*",
      {
        schema: {
          hide: true,
          params: z.object({ "*": z.string() }),
          querystring: ImageSizeQuerySchema,
        },
      },
      async (request, reply) => {
        const key = path.posix.normalize(request.params["*"]);
        // No way out of the media, nor into a dot-folder (the resized copies' one among them).
        if (isHiddenPath(key)) {
          return reply.callNotFound();
        }
        const { w, shape } = request.query;
        try {
          if (w === undefined || !isResizable(key)) {
            if (!(await ensureFirstVariant(media, key, request.log))) {
              return reply.callNotFound();
            }
            return await sendMedia(media, key, request, reply, `public, max-age=${MAX_AGE_S}`);
          }
          const format = sizedFormat(request.headers.accept);
          const found = await sizedImage(media, key, { w, shape }, format, request.log);
          if (!found) return reply.callNotFound();
          reply.header("vary", "Accept");
          // The original in place of a copy that could not be made is not to be kept.
          const cache = found.fallback ? "no-store" : `public, max-age=${MAX_AGE_S}`;
          return await sendMedia(media, found.key, request, reply, cache);
        } catch (err) {
          if (err instanceof MediaUnavailableError) {
            request.log.warn({ err: err.reason }, "the media store did not answer");
            reply.header("retry-after", "5");
          }
          if (!(err instanceof ResizeBusyError)) throw err;
          return reply
            .code(503)
            .header("retry-after", "1")
            .send({ error: { code: "unavailable", message: err.message } });
        }
      },
    );
  };
