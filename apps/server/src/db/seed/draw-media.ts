import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { DEMO_STORES } from "./index.ts";
import { ensureDemoMedia } from "./media.ts";

/**
 * Draws the demo stores' missing images in a child process: the image library's buffers and
 * caches (several hundred MB on a first start) go with the child instead of staying in the
 * server's resident memory for its whole life. Answers how many images were written.
 */
export function drawDemoMediaApart(mediaDir: string): Promise<number> {
  return new Promise((resolve, reject) => {
    // The child runs this file with the parent's flags (the TypeScript loader among them).
    const child = fork(fileURLToPath(import.meta.url), [mediaDir], { stdio: "inherit" });
    let written = 0;
    child.on("message", (message) => {
      if (typeof message === "number") written = message;
    });
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      if (code === 0) resolve(written);
      else reject(new Error(`drawing the demo images failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

// As the child: draw, report the count, exit.
if (process.send && process.argv[1] === fileURLToPath(import.meta.url)) {
  const mediaDir = process.argv[2];
  if (!mediaDir) throw new Error("usage: draw-media.ts <media directory>");
  const { written } = await ensureDemoMedia(mediaDir, DEMO_STORES);
  process.send(written, () => process.exit(0));
}
