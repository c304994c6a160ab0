import pino from "pino";

/** Lines are gathered up to this many bytes (about ten request lines) before one write. */
const BATCH_BYTES = 4096;
/** A quiet server still writes what it gathered within this time. */
const FLUSH_EVERY_MS = 500;
/** pino's "warn": this level and above are written at once, with everything before them. */
const WRITE_AT_ONCE_FROM_LEVEL = 40;

/** Where batched lines go: pino's destination (sonic-boom) has both. */
interface Batched {
  write(line: string): unknown;
  flushSync(): void;
}

/** The log's stream: write(line) for pino, flush() to write what is gathered now. */
export interface LogStream {
  write(line: string): void;
  flush(): void;
}

/**
 * pino's level of one of its lines, which begin with it (`{"level":30,…`); anything else is
 * written at once.
 */
function levelOf(line: string): number {
  const prefix = '{"level":';
  return line.startsWith(prefix) ? Number.parseInt(line.slice(prefix.length), 10) : Infinity;
}

/** Gathers lines in `out`, except that a warning or an error is written at once with them. */
export function urgentLinesAtOnce(out: Batched): LogStream {
  return {
    write(line: string) {
      out.write(line);
      if (levelOf(line) >= WRITE_AT_ONCE_FROM_LEVEL) out.flushSync();
    },
    flush: () => out.flushSync(),
  };
}

/**
 * Standard output for the server's log, written in batches: a write to a file or a pipe for every
 * request line cost about 50 µs of CPU, as much as serving a cached page. A warning or an error is
 * written at once, with the lines gathered before it, and so is everything left when the process
 * exits; only a process killed outright (SIGKILL) can lose the last half second of request lines.
 */
export function batchedStdout(): LogStream {
  const out = pino.destination({
    dest: 1,
    sync: true,
    minLength: BATCH_BYTES,
    periodicFlush: FLUSH_EVERY_MS,
  });
  process.on("exit", () => out.flushSync());
  return urgentLinesAtOnce(out);
}
