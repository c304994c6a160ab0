import { type ChildProcess, fork } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { SizedFormat } from "./sized-images.ts";

/**
 * What the server asks its resizing process (resize-child.ts), with the original's bytes: they
 * may come from a bucket, so the child reads no file and writes none.
 */
export type ResizeJob =
  | { id: number; kind: "size"; original: Uint8Array }
  | {
      id: number;
      kind: "resize";
      original: Uint8Array;
      size: { width: number; height?: number };
      format: SizedFormat;
    };

/** Its answer: the size of the image as shown, the copy's bytes, or why not. */
export type ResizeReply =
  | { id: number; size: { width: number; height: number } }
  | { id: number; bytes: Uint8Array }
  | { id: number; error: string };

/**
 * The child's script, beside this module: its TypeScript source when the server runs from source
 * (the child gets tsx's loader), or the compiled server's own file for it (scripts/build.ts).
 */
function childScript(): string {
  const here = fileURLToPath(import.meta.url);
  return path.join(path.dirname(here), `resize-child${path.extname(here)}`);
}

let child: ChildProcess | null = null;
let nextId = 1;
const waiting = new Map<number, { resolve(reply: ResizeReply): void; reject(err: Error): void }>();

function resizer(): ChildProcess {
  if (child?.connected) return child;
  const script = childScript();
  const started = fork(script, [], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    execArgv: script.endsWith(".ts") ? ["--import", "tsx"] : [],
    // Bytes cross as bytes (structured clone), not as JSON arrays of numbers.
    serialization: "advanced",
    // One malloc arena: libvips' buffers are freed back instead of left in many half-empty ones.
    env: { ...process.env, MALLOC_ARENA_MAX: "1" },
  });
  started.on("message", (message) => {
    const reply = message as ResizeReply;
    waiting.get(reply.id)?.resolve(reply);
    waiting.delete(reply.id);
  });
  started.on("exit", () => {
    if (child === started) child = null;
    for (const [id, job] of waiting) {
      job.reject(new Error("the resizing process stopped"));
      waiting.delete(id);
    }
  });
  // The server does not wait for it to exit.
  started.unref();
  started.channel?.unref();
  child = started;
  return started;
}

/** A job before it is numbered. */
type NewJob = ResizeJob extends infer J ? (J extends ResizeJob ? Omit<J, "id"> : never) : never;

/** Sends a job to the resizing process (forked on first use) and waits for its answer. */
export function askResizer(job: NewJob): Promise<ResizeReply> {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    waiting.set(id, { resolve, reject });
    resizer().send({ ...job, id }, (err) => {
      if (!err) return;
      waiting.delete(id);
      reject(err);
    });
  });
}

/** Stops the resizing process (tests, shutdown). */
export function stopResizer(): void {
  child?.kill();
  child = null;
}
