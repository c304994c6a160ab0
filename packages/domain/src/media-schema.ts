import { z } from "zod";
import { IMAGE_WIDTHS, type ImageShape } from "./catalog.ts";

/** Each crop's width over its height. */
export const IMAGE_SHAPES: Record<ImageShape, number> = {
  square: 1,
  photo: 3 / 2,
  wide: 16 / 9,
  banner: 13 / 5,
};

export const MEDIA_MESSAGES = {
  width: `w must be one of ${IMAGE_WIDTHS.join(", ")}`,
  shape: `shape must be one of ${Object.keys(IMAGE_SHAPES).join(", ")}`,
  shapeWithoutWidth: "A crop (shape) needs a width (w)",
} as const;

/**
 * GET /media/{store}/{file}: the file as it is, or with `w` a copy that wide (cropped to `shape`
 * when given).
 */
export const ImageSizeQuerySchema = z
  .strictObject({
    w: z.coerce
      .number({ error: MEDIA_MESSAGES.width })
      .refine((w) => (IMAGE_WIDTHS as readonly number[]).includes(w), MEDIA_MESSAGES.width)
      .optional(),
    shape: z
      .enum(Object.keys(IMAGE_SHAPES) as [ImageShape], { error: MEDIA_MESSAGES.shape })
      .optional(),
    /** A version a page may add so that a changed image is fetched again; it changes nothing here. */
    v: z.string().max(64).optional(),
  })
  .refine((q) => q.shape === undefined || q.w !== undefined, {
    message: MEDIA_MESSAGES.shapeWithoutWidth,
    path: ["w"],
  });
export type ImageSizeQuery = z.infer<typeof ImageSizeQuerySchema>;
