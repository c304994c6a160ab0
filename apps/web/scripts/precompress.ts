/**
 * Compresses the web build's static files once, at build time: a `.br` (brotli quality 11) and a
 * `.gz` (gzip level 9) beside each text file worth it, which the server sends to a browser that
 * accepts them (@fastify/static `preCompressed`), so no request pays for compressing them.
 *
 *   tsx scripts/precompress.ts build/client
 */
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats; images and fonts (woff2) are compressed already. */
const COMPRESSIBLE = new Set([
  ".js",
  ".mjs",
  ".css",
  ".svg",
  ".json",
  ".txt",
  ".xml",
  ".ico",
  ".webmanifest",
  ".html",
]);
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.has(path.extname(entry.name))) yield full;
  }
}

async function precompress(file: string): Promise<number> {
  if ((await stat(file)).size < MIN_BYTES) return 0;
  const raw = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  let written = 0;
  for (const [suffix, body] of [
    [".br", br],
    [".gz", gz],
  ] as const) {
    if (body.length >= raw.length) continue;
    await writeFile(`${file}${suffix}`, body);
    written += 1;
  }
  return written;
}

const root = process.argv[2];
if (!root) {
  console.error("usage: precompress <directory>");
  process.exit(2);
}
let count = 0;
for await (const file of files(path.resolve(root))) count += await precompress(file);
console.log(`precompressed ${count} files in ${root} (brotli 11 and gzip 9)`);
