import { PRODUCT_EDIT_LIMITS } from "@storefront/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * An upload's route limit: past the image limit by a little, so that the answer names the limit
 * (media/uploads.ts); far past it, Fastify's 413.
 */
export const IMAGE_UPLOAD_BODY_LIMIT = PRODUCT_EDIT_LIMITS.imageBytes + 1024 * 1024;

/** In this plugin's scope, an image is uploaded as the request's body, its type in Content-Type. */
export function acceptImageUploads(app: FastifyInstance): void {
  app.addContentTypeParser(/^image\//, { parseAs: "buffer" }, (_request, body, done) =>
    done(null, body),
  );
}

/** The uploaded bytes and their declared type; a body of any other kind is no image at all. */
export function uploadedImage(request: FastifyRequest): { bytes: Buffer; type: string } {
  const body = request.body;
  return Buffer.isBuffer(body)
    ? { bytes: body, type: request.headers["content-type"] ?? "" }
    : { bytes: Buffer.alloc(0), type: "" };
}
