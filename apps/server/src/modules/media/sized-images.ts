import path from "node:path";
import { IMAGE_SHAPES, type ImageShape, LruCache } from "@storefront/domain";
import type { Logger } from "../../lib/logger.ts";
import { type MediaStore, MediaUnavailableError } from "./media-store.ts";
import { askResizer } from "./resize-jobs.ts";

/** A width of IMAGE_WIDTHS, and the shape to crop to (none: the original's). */
export interface SizeAsked {
  w: number;
  shape?: ImageShape | undefined;
}

/** The formats a resized image is made in, best first; JPEG for a browser that names neither. */
const FORMATS = ["avif", "webp"] as const;
export type SizedFormat = (typeof FORMATS)[number] | "jpeg";

/** Where the resized copies are kept: a dot-folder (a key prefix), which is never served. */
export const SIZED_FOLDER = ".sized";

/** The files an image can be resized from; any other (an SVG) is answered as it is. */
const ORIGINAL_EXTENSIONS = [".jpg", ".jpeg", ".png", ".webp", ".avif"];

/**
 * The best format the browser's Accept names outright: image/avif, else image/webp, else JPEG.
 * A wildcard (`*\/*`, `image/*`) is not taken as support, since older browsers send one too.
 */
export function sizedFormat(accept: string | undefined): SizedFormat {
  const named = new Set(
    (accept ?? "").split(",").flatMap((part) => {
      const [type = "", ...params] = part.trim().toLowerCase().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return q && Number(q.slice(2)) === 0 ? [] : [type.trim()];
    }),
  );
  return FORMATS.find((f) => named.has(`image/${f}`)) ?? "jpeg";
}

export function isResizable(file: string): boolean {
  return ORIGINAL_EXTENSIONS.includes(path.extname(file).toLowerCase());
}

/** A key that is not to be served: out of the media, or in a dot-folder. */
export function isHiddenPath(key: string): boolean {
  const normal = path.posix.normalize(key);
  return path.posix.isAbsolute(normal) || normal.split("/").some((part) => part.startsWith("."));
}

/** The key of a /media/ path (`/media/pet-remedies/a.jpg`: `pet-remedies/a.jpg`). */
export function mediaUrlKey(url: string): string | null {
  if (!url.startsWith("/media/")) return null;
  try {
    return path.posix.normalize(
      decodeURIComponent(url.slice("/media/".length).split("?")[0] ?? ""),
    );
  } catch {
    return null;
  }
}

/** The content type of an image by its name; the store's own for any other. */
export const MEDIA_TYPES: Record<string, string> = {
  ".avif": "image/avif",
  ".webp": "image/webp",
  ".jpeg": "image/jpeg",
  ".jpg": "image/jpeg",
  ".png": "image/png",
  ".gif": "image/gif",
  ".svg": "image/svg+xml",
};

export function mediaType(key: string): string {
  return MEDIA_TYPES[path.posix.extname(key).toLowerCase()] ?? "application/octet-stream";
}

/**
 * The size an image is made in: the width asked for (never wider than the original), and for a
 * crop the height of its shape (the width shrinks until that height fits the original).
 */
export function targetSize(
  original: { width: number; height: number },
  query: SizeAsked,
): { width: number; height?: number } {
  let width = Math.min(query.w, original.width);
  if (!query.shape) return { width };
  const ratio = IMAGE_SHAPES[query.shape];
  if (width / ratio > original.height) width = Math.floor(original.height * ratio);
  return { width, height: Math.round(width / ratio) };
}

const making = new Map<string, Promise<void>>();

/** Makes `target` in turn with the other resizes, once however many ask for it at a time. */
function makeOnce(target: string, work: () => Promise<void>): Promise<void> {
  let pending = making.get(target);
  if (!pending) {
    pending = inTurn(work).finally(() => making.delete(target));
    making.set(target, pending);
  }
  return pending;
}

/**
 * Resizes run a few at a time in the resizing process (resize-jobs.ts), and a few dozen more may
 * wait; past that a request is told to come back.
 */
const RESIZES_AT_ONCE = 2;
const RESIZES_WAITING = 48;
let resizing = 0;
const waiting: (() => void)[] = [];

/** Too many images are being resized: answered 503 with Retry-After. */
export class ResizeBusyError extends Error {
  constructor() {
    super("Too many images are being resized at once: try again in a moment");
  }
}

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (resizing >= RESIZES_AT_ONCE) {
    if (waiting.length >= RESIZES_WAITING) throw new ResizeBusyError();
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  resizing += 1;
  try {
    return await work();
  } finally {
    resizing -= 1;
    waiting.shift()?.();
  }
}

/** An original's size as it is shown (EXIF orientation applied), per key and version. */
const sizes = new LruCache<string, Promise<{ width: number; height: number }>>(2_000);

function shownSize(media: MediaStore, original: string, etag: string) {
  const key = `${media.name}\u0000${original}\u0000${etag}`;
  let size = sizes.get(key);
  if (!size) {
    size = (async () => {
      const bytes = await media.read(original);
      if (!bytes) throw new Error("the original is gone");
      const reply = await askResizer({ kind: "size", original: bytes });
      if ("size" in reply) return reply.size;
      throw new Error("error" in reply ? reply.error : "no size");
    })();
    size.catch(() => sizes.delete(key));
    sizes.set(key, size);
  }
  return size;
}

/** Copies that could not be made (a broken original), not tried again for a while. */
const failed = new LruCache<string, true>(2_000, 10 * 60_000);

/** What a request for a resized copy gets: the copy, or the original when none can be made. */
export interface SizedAnswer {
  /** The key of what to send. */
  key: string;
  /** The original, sent because the copy could not be made: not to be kept by caches. */
  fallback: boolean;
}

/** The copies of an original are kept under this prefix (`.sized/{store}/…/{name}_`). */
export function sizedPrefix(original: string): string {
  const parsed = path.posix.parse(original);
  return path.posix.join(SIZED_FOLDER, parsed.dir, `${parsed.name}_`);
}

/**
 * The key of `original` resized as asked in `format`, made the first time it is asked for and
 * kept in the media store; concurrent requests for one copy share one resize, and a width past
 * the original's is the original's width (one copy for all of them). Answers null when the
 * original does not exist; throws ResizeBusyError when too many copies are being made.
 */
export async function sizedImage(
  media: MediaStore,
  original: string,
  query: SizeAsked,
  format: SizedFormat,
  log: Logger,
): Promise<SizedAnswer | null> {
  const source = await media.head(original);
  if (!source) return null;
  let size: { width: number; height?: number };
  try {
    size = targetSize(await shownSize(media, original, source.etag), query);
  } catch (err) {
    if (err instanceof MediaUnavailableError) throw err;
    log.warn({ err, file: original }, "an image could not be read: its original is sent");
    return { key: original, fallback: true };
  }
  const name = `${size.width}${query.shape ? `_${query.shape}` : ""}.${format}`;
  const sized = `${sizedPrefix(original)}${name}`;
  const kept = await media.head(sized);
  if (kept && kept.modified >= source.modified) return { key: sized, fallback: false };
  const once = `${media.name}\u0000${sized}`;
  if (failed.get(once)) return { key: original, fallback: true };
  try {
    await makeOnce(once, () => resize(media, original, sized, size, format));
    return { key: sized, fallback: false };
  } catch (err) {
    // A store that did not answer is no broken original: the copy is tried again next time.
    if (err instanceof ResizeBusyError || err instanceof MediaUnavailableError) throw err;
    failed.set(once, true);
    log.warn({ err, file: original }, "an image could not be resized: its original is sent");
    return { key: original, fallback: true };
  }
}

/** The variant pages request first (the spec's `_728.webp`), beside its original. */
const FIRST_VARIANT = /^(.*)_728\.webp$/;

/** The first variant's key of an original (`a/b.jpg`: `a/b_728.webp`). */
export function firstVariantKey(original: string): string {
  return original.replace(/\.[a-z]+$/i, "_728.webp");
}

/**
 * When `key` is an image's `_728.webp` variant that is not in the store (an image added after
 * the demo's were drawn), makes it from the original beside it and keeps it there; answers
 * whether the key can now be sent.
 */
export async function ensureFirstVariant(
  media: MediaStore,
  key: string,
  log: Logger,
): Promise<boolean> {
  const match = FIRST_VARIANT.exec(key);
  if (!match || (await media.head(key))) return true;
  for (const extension of ORIGINAL_EXTENSIONS) {
    const original = `${match[1]}${extension}`;
    const source = await media.head(original);
    if (!source) continue;
    try {
      await makeOnce(`${media.name}\u0000${key}`, async () => {
        const shown = await shownSize(media, original, source.etag);
        await resize(media, original, key, targetSize(shown, { w: 728 }), "webp");
      });
      return true;
    } catch (err) {
      if (err instanceof ResizeBusyError || err instanceof MediaUnavailableError) throw err;
      log.warn({ err, file: key }, "an image's first variant could not be made");
      return false;
    }
  }
  return false;
}

/** Makes the copy in the resizing process (resize-child.ts) and keeps it in the store. */
async function resize(
  media: MediaStore,
  original: string,
  sized: string,
  size: { width: number; height?: number },
  format: SizedFormat,
): Promise<void> {
  const bytes = await media.read(original);
  if (!bytes) throw new Error("the original is gone");
  const reply = await askResizer({ kind: "resize", original: bytes, size, format });
  if ("error" in reply) throw new Error(reply.error);
  if (!("bytes" in reply)) throw new Error("the resizer answered no image");
  const copy = Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength);
  await media.put(sized, copy, `image/${format}`);
}

/** Sizes of an image to make ahead of its first visitor: a shape and its widths. */
export interface WarmSizes {
  shape: ImageShape;
  widths: readonly number[];
}

/**
 * Makes the given copies of the given images one after another, in AVIF (which every current
 * browser asks for), leaving the other resize slot to visitors, so that no shopper waits for
 * the copy of a page's largest image. `urls` are /media/{store}/{file} paths; any other is
 * skipped. Answers how many copies are ready.
 */
export async function warmImages(
  media: MediaStore,
  urls: readonly string[],
  sizes: readonly WarmSizes[],
  log: Logger,
  /** Aborted when the server stops: the images not made yet are made on demand instead. */
  stop?: AbortSignal,
): Promise<number> {
  let made = 0;
  for (const url of urls) {
    const key = mediaUrlKey(url);
    if (key === null || isHiddenPath(key) || !isResizable(key)) continue;
    for (const { shape, widths } of sizes) {
      for (const w of widths) {
        if (stop?.aborted) return made;
        try {
          const answer = await sizedImage(media, key, { w, shape }, "avif", log);
          if (answer && !answer.fallback) made += 1;
        } catch (err) {
          // The store is away: the copies are made on demand once it answers again.
          if (err instanceof MediaUnavailableError) return made;
          if (!(err instanceof ResizeBusyError)) throw err;
        }
      }
    }
  }
  return made;
}
