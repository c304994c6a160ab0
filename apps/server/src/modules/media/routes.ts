import { createReadStream } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { ImageSizeQuerySchema } from "@storefront/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ensureFirstVariant,
  isHiddenPath,
  isResizable,
  ResizeBusyError,
  sizedFormat,
  sizedImage,
} from "./sized-images.ts";

const MEDIA_TYPES: Record<string, string> = {
  ".avif": "image/avif",
  ".webp": "image/webp",
  ".jpeg": "image/jpeg",
  ".jpg": "image/jpeg",
  ".png": "image/png",
};

/** Kept by browsers and CDNs for a week, like the originals. */
const MAX_AGE_S = 7 * 24 * 3600;

/**
 * The stores' images under /media/: each file as it is, or with `?w=` (one of IMAGE_WIDTHS) and
 * optionally `?shape=` a copy resized (and cropped to the shape around its centre),
 * in AVIF or WebP as the browser's Accept allows (`Vary: Accept`), made once and kept on disk.
 */
export const mediaRoutes =
  (mediaDir: string): FastifyPluginAsyncZod =>
  async (app) => {
    // Only for `sendFile` in this plugin's scope: the files themselves are answered below.
    await app.register(fastifyStatic, { root: mediaDir, serve: false, index: false });
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
        const file = path.normalize(request.params["*"]);
        // No way out of the folder, nor into a dot-folder (the resized copies' one among them).
        if (isHiddenPath(file)) {
          return reply.callNotFound();
        }
        const { w, shape } = request.query;
        try {
          if (w === undefined || !isResizable(file)) {
            if (!(await ensureFirstVariant(mediaDir, file, request.log))) {
              return reply.callNotFound();
            }
            return reply.sendFile(file, { maxAge: MAX_AGE_S * 1000 });
          }
          const format = sizedFormat(request.headers.accept);
          const found = await sizedImage(mediaDir, file, { w, shape }, format, request.log);
          if (!found) return reply.callNotFound();
          return reply
            .header(
              "cache-control",
              // The original in place of a copy that could not be made is not to be kept.
              found.fallback ? "no-store" : `public, max-age=${MAX_AGE_S}`,
            )
            .header("vary", "Accept")
            .type(MEDIA_TYPES[path.extname(found.file).toLowerCase()] ?? "application/octet-stream")
            .send(createReadStream(found.file));
        } catch (err) {
          if (!(err instanceof ResizeBusyError)) throw err;
          return reply
            .code(503)
            .header("retry-after", "1")
            .send({ error: { code: "unavailable", message: err.message } });
        }
      },
    );
  };
