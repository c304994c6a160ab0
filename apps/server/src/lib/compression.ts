/**
 * Brotli quality for answers compressed per request (pages, API JSON). Measured on the product
 * page (74 KB of HTML): quality 4 takes about 1.1 ms for 13.6 KB, 5 about 1.6 ms for 12.7 KB,
 * gzip 6 about 1 ms for 15.3 KB, and 11 about 110 ms for 11.1 KB.
 */
export const DYNAMIC_BROTLI_QUALITY = 4;

/**
 * Answers up to this size are compressed in one synchronous call rather than through a zlib
 * stream. A stream's set-up costs more than the work at these sizes: 12.7 KB of JSON at brotli 4
 * takes 0.13 ms in one call and 0.74 ms through a stream; the 74 KB product page 1.1 ms either
 * way. (@fastify/compress's default on 2 cores is 8 KiB.)
 */
export const SYNC_COMPRESSION_MAX_BYTES = 256 * 1024;
