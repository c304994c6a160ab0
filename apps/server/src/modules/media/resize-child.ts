/**
 * The process that resizes images for the server (sized-images.ts forks it on the first resize):
 * libvips' buffers stay out of the serving process, whose memory they would grow by a few hundred
 * MB that it keeps, and go when this process exits, after a while with nothing to do.
 */
import sharp from "sharp";
import type { ResizeJob, ResizeReply } from "./resize-jobs.ts";

/** With nothing to do for this long, the process exits (the next resize forks a new one). */
const IDLE_EXIT_MS = 30_000;

sharp.cache(false);
let idle: NodeJS.Timeout | null = null;
let running = 0;

function resetIdle(): void {
  if (idle) clearTimeout(idle);
  idle = running === 0 ? setTimeout(() => process.exit(0), IDLE_EXIT_MS) : null;
}

async function run(job: ResizeJob): Promise<ResizeReply> {
  if (job.kind === "size") {
    const meta = await sharp(job.original).metadata();
    return { id: job.id, size: meta.autoOrient };
  }
  let image = sharp(job.original)
    .rotate()
    .resize({ ...job.size, fit: "cover", withoutEnlargement: true });
  image =
    job.format === "avif"
      ? image.avif({ quality: 50, effort: 2 })
      : job.format === "webp"
        ? image.webp({ quality: 76 })
        : image.jpeg({ quality: 80, mozjpeg: true });
  return { id: job.id, bytes: await image.toBuffer() };
}

process.on("message", (message) => {
  const job = message as ResizeJob;
  running += 1;
  resetIdle();
  run(job)
    .catch((err: unknown) => ({
      id: job.id,
      error: err instanceof Error ? err.message : String(err),
    }))
    .then((reply) => {
      running -= 1;
      resetIdle();
      process.send?.(reply);
    });
});
// The server went away: so does this process.
process.on("disconnect", () => process.exit(0));
resetIdle();
