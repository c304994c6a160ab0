import { createReadStream } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { DomainError } from "@storefront/domain";

/**
 * Where the stores' images live: the local media folder, or a bucket shared by every instance.
 * A key is a relative path with `/` between its parts, its first part the store's id
 * (`pet-remedies/products/….jpg`), or `.sized/` and then the store's id for the resized copies.
 */
export interface MediaStore {
  /** "local" (a folder of this machine) or "s3" (a bucket every instance sees). */
  readonly kind: "local" | "s3";
  /** Where it is (a folder, a bucket): what caches of this process tell stores apart by. */
  readonly name: string;
  /** Writes the object whole: a reader never sees it half-written. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Its size and version, or null when there is none. */
  head(key: string): Promise<MediaObjectInfo | null>;
  /** Its bytes as a stream (for answers), or null when there is none. */
  get(key: string): Promise<(MediaObjectInfo & { body: Readable }) | null>;
  /** Its bytes in memory (for resizing), or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  /** Removes the objects; one that is not there is no error. */
  delete(keys: readonly string[]): Promise<void>;
  /** Every key that starts with `prefix`. */
  list(prefix: string): Promise<string[]>;
}

export interface MediaObjectInfo {
  size: number;
  /** When it was written: a copy older than its original is made again. */
  modified: Date;
  /** A validator for If-None-Match, quoted as sent (weak for files, as @fastify/static made it). */
  etag: string;
}

/** The store (a bucket) did not answer: a 503 that says so (the cause is logged by /media/), never a 500. */
export class MediaUnavailableError extends DomainError {
  constructor(readonly reason: unknown) {
    super("unavailable", "Images cannot be reached just now. Please try again in a moment.");
  }
}

/** The key of a store's file, as the /media/ URL and the folder layout have it. */
export function mediaKey(storeId: string, file: string): string {
  return `${storeId}/${file}`;
}

/** A key as a path of the media folder, or null when it would leave it. */
function inFolder(root: string, key: string): string | null {
  const full = path.resolve(root, ...key.split("/"));
  return full.startsWith(root + path.sep) ? full : null;
}

/** The validator `send` (behind @fastify/static) gave a file: kept, so browsers' copies stay good. */
function fileEtag(size: number, mtimeMs: number): string {
  return `W/"${size.toString(16)}-${Math.trunc(mtimeMs).toString(16)}"`;
}

/** The media folder of this machine (`DATA_DIR/media`): the layout it always had. */
export function localMediaStore(mediaDir: string): MediaStore {
  const root = path.resolve(mediaDir);
  async function info(key: string) {
    const file = inFolder(root, key);
    const found = file ? await stat(file).catch(() => null) : null;
    if (!file || !found?.isFile()) return null;
    return {
      file,
      size: found.size,
      modified: found.mtime,
      etag: fileEtag(found.size, found.mtimeMs),
    };
  }
  return {
    kind: "local",
    name: `file:${root}`,
    async put(key, body) {
      const file = inFolder(root, key);
      if (!file) throw new Error(`a media key outside the folder: ${key}`);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside, then renamed: a request never reads a half-written file.
      const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.partial`;
      try {
        await writeFile(partial, body);
        await rename(partial, file);
      } catch (err) {
        await rm(partial, { force: true });
        throw err;
      }
    },
    async head(key) {
      const found = await info(key);
      return found && { size: found.size, modified: found.modified, etag: found.etag };
    },
    async get(key) {
      const found = await info(key);
      if (!found) return null;
      const { file, ...rest } = found;
      return { ...rest, body: createReadStream(file) };
    },
    async read(key) {
      const file = inFolder(root, key);
      return file ? readFile(file).catch(() => null) : null;
    },
    async delete(keys) {
      for (const key of keys) {
        const file = inFolder(root, key);
        if (file) await rm(file, { force: true });
      }
    },
    async list(prefix) {
      // The folder part of the prefix is read; the rest filters its names.
      const cut = prefix.lastIndexOf("/");
      const dir = inFolder(root, prefix.slice(0, cut + 1) || ".") ?? (cut < 0 ? root : null);
      if (!dir) return [];
      const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
        .map((relative) => relative.split(path.sep).join("/"))
        .filter((key) => key.startsWith(prefix) && !key.endsWith(".partial"))
        .sort();
    },
  };
}

/** The URL of a store's media file (a path relative to its media folder, or a URL kept as is). */
export function mediaUrl(storeId: string, file: string): string {
  return file.startsWith("/") ? file : `/media/${storeId}/${file}`;
}
