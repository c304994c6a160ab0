import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { PGlite, PGliteOptions } from "@electric-sql/pglite";

/**
 * PGlite runs PostgreSQL's main loop one message at a time (`_PostgresMainLoopOnce`) and catches
 * what comes out of it. A PostgreSQL ERROR arrives as its "long jump to the top" (status 100), and
 * PGlite then runs the top level's error recovery (`_PostgresMainLongJmp`). Anything else thrown in
 * there (a JavaScript exception from one of PGlite's callbacks, a WebAssembly trap) PGlite
 * swallows: the statement is cut off where it was, its query answers as if it had succeeded (with
 * the rows read so far), and PostgreSQL is left mid-statement, its error context stack and its
 * exception stack pointing into frames that no longer exist. The next statement that reports
 * anything walks that stale list; in CI it led back to itself, and the process spun in
 * `errfinish` for good with its event loop blocked (see electric-sql/pglite#1058 for the loop).
 *
 * This guard turns such an escape into a failure that is seen: the statement's query rejects with
 * the exception; PostgreSQL is put back at its top level and runs its own recovery (the
 * transaction is aborted, so nothing half-written is committed, and no spin can follow); and
 * every later statement rejects with EmbeddedDatabaseStopped, since what the statement skipped
 * (its portal, resource owners, memory contexts) cannot be cleaned up from outside. The server
 * stops on it (see main.ts): at its next start PostgreSQL recovers the data directory.
 */

const LONGJMP_TO_TOP = 100;
/**
 * Recovery raises one ERROR of its own ("errstart was not called": there is no error for it to
 * report) and jumps to the top again; it then runs once more, reporting that one.
 */
const RECOVERY_TRIES = 3;

interface PgliteModule {
  HEAPU8: Uint8Array;
  _PostgresMainLoopOnce: () => void;
  _PostgresMainLongJmp: () => void;
}

interface Internals {
  mod: PgliteModule;
  execProtocolRawSync: (message: Uint8Array) => Uint8Array;
}

/** Where the wasm file of the installed PGlite is, beside its JavaScript. */
function pgliteWasmPath(): string {
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  return join(dirname(entry), "pglite.wasm");
}

/** Reads one unsigned LEB128 number at `at`; answers it and where the next field starts. */
function leb(bytes: Uint8Array, at: number): [number, number] {
  let value = 0;
  let shift = 0;
  let i = at;
  for (;;) {
    const byte = bytes[i++] ?? 0;
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if ((byte & 0x80) === 0) return [value, i];
  }
}

/** Signed LEB128 (an i32.const). */
function sleb(bytes: Uint8Array, at: number): [number, number] {
  let value = 0;
  let shift = 0;
  let i = at;
  let byte: number;
  do {
    byte = bytes[i++] ?? 0;
    value |= (byte & 0x7f) << shift;
    shift += 7;
  } while (byte & 0x80);
  if (shift < 32 && byte & 0x40) value |= -1 << shift;
  return [value, i];
}

/**
 * The addresses of exported data symbols (PostgreSQL's globals that extensions link to) in a
 * wasm binary: each is an exported immutable global whose value is the symbol's address.
 */
export function exportedAddresses(
  bytes: Uint8Array,
  names: readonly string[],
): Map<string, number> {
  const decoder = new TextDecoder();
  const globalValues: (number | null)[] = [];
  const exported = new Map<string, number>();
  let importedGlobalCount = 0;
  let at = 8; // magic and version
  while (at < bytes.length) {
    const id = bytes[at] ?? 0;
    const [size, body] = leb(bytes, at + 1);
    const end = body + size;
    if (id === 2) {
      let [count, i] = leb(bytes, body);
      for (; count > 0; count--) {
        let len: number;
        [len, i] = leb(bytes, i);
        i += len; // module
        [len, i] = leb(bytes, i);
        i += len; // field
        const kind = bytes[i++];
        if (kind === 0) [, i] = leb(bytes, i);
        else if (kind === 1) {
          i++; // reftype
          const flags = bytes[i++] ?? 0;
          [, i] = leb(bytes, i);
          if (flags & 1) [, i] = leb(bytes, i);
        } else if (kind === 2) {
          const flags = bytes[i++] ?? 0;
          [, i] = leb(bytes, i);
          if (flags & 1) [, i] = leb(bytes, i);
        } else if (kind === 3) {
          i += 2; // valtype, mutability
          importedGlobalCount++;
        } else if (kind === 4) {
          i++;
          [, i] = leb(bytes, i);
        } else return new Map();
      }
    } else if (id === 6) {
      let [count, i] = leb(bytes, body);
      for (; count > 0; count--) {
        i += 2; // valtype, mutability
        // An emscripten main module's constant expressions; anything else and the section is not
        // understood, so no address is answered rather than a guessed one.
        const op = bytes[i++];
        let value: number | null = null;
        if (op === 0x41)
          [value, i] = sleb(bytes, i); // i32.const: the address
        else if (op === 0x42 || op === 0x23)
          [, i] = leb(bytes, i); // i64.const, global.get
        else if (op === 0x43)
          i += 4; // f32.const
        else if (op === 0x44)
          i += 8; // f64.const
        else return new Map();
        if (bytes[i] !== 0x0b) return new Map();
        i++;
        globalValues.push(value);
      }
    } else if (id === 7) {
      let [count, i] = leb(bytes, body);
      for (; count > 0; count--) {
        let len: number;
        [len, i] = leb(bytes, i);
        const name = decoder.decode(bytes.subarray(i, i + len));
        i += len;
        const kind = bytes[i++];
        let index: number;
        [index, i] = leb(bytes, i);
        if (kind === 3 && names.includes(name)) {
          const value = globalValues[index - importedGlobalCount];
          if (value != null && index >= importedGlobalCount) exported.set(name, value >>> 0);
        }
      }
    }
    at = end;
  }
  return exported;
}

export interface GuardedWasm {
  module: WasmModule;
  errorContextStack: number;
  exceptionStack: number;
}

/** A compiled WebAssembly module, as PGlite takes it. */
type WasmModule = NonNullable<PGliteOptions["pgliteWasmModule"]>;

interface WasmCompiler {
  compile(bytes: Uint8Array): Promise<WasmModule>;
}

let compiled: Promise<GuardedWasm | null> | null = null;

/**
 * PGlite's wasm, compiled once per process (every database opened shares it), with the addresses
 * of PostgreSQL's `error_context_stack` and `PG_exception_stack`; null when they cannot be found
 * (another PGlite build), and the database then runs unguarded.
 */
export function guardedWasm(): Promise<GuardedWasm | null> {
  compiled ??= (async () => {
    const bytes = new Uint8Array(await readFile(pgliteWasmPath()));
    // Not every tsconfig here (the bench's, e2e's) has WebAssembly's types: typed by what is used.
    const engine = (globalThis as unknown as { WebAssembly: WasmCompiler }).WebAssembly;
    const module = await engine.compile(bytes);
    const found = exportedAddresses(bytes, ["error_context_stack", "PG_exception_stack"]);
    const errorContextStack = found.get("error_context_stack");
    const exceptionStack = found.get("PG_exception_stack");
    if (errorContextStack === undefined || exceptionStack === undefined) return null;
    return { module, errorContextStack, exceptionStack };
  })();
  return compiled;
}

function readWord(heap: Uint8Array, address: number): number {
  return new DataView(heap.buffer, heap.byteOffset).getUint32(address, true);
}

function writeWord(heap: Uint8Array, address: number, value: number): void {
  new DataView(heap.buffer, heap.byteOffset).setUint32(address, value, true);
}

/** What every statement answers once an exception escaped one: the instance cannot be trusted. */
export class EmbeddedDatabaseStopped extends Error {
  constructor(cause: unknown) {
    super(
      "The embedded database stopped after a failure inside a statement; restart the store " +
        `(its data on disk is recovered at start). The failure: ${String(cause)}`,
      { cause },
    );
    this.name = "EmbeddedDatabaseStopped";
  }
}

/**
 * Installs the guard on a ready PGlite that was started from `wasm.module`. `onStop` hears the
 * exception that escaped a statement (that statement's query rejects with it, and every later
 * one with EmbeddedDatabaseStopped). Answers false, and installs nothing, when PostgreSQL's state
 * at the top level is not what the guard expects.
 */
export function guardMainLoop(
  client: PGlite,
  wasm: GuardedWasm,
  onStop: (error: unknown) => void,
): boolean {
  const internals = client as unknown as Internals;
  const mod = internals.mod;
  const idleException = readWord(mod.HEAPU8, wasm.exceptionStack);
  // At the top level no error context is set and the exception stack is the main loop's own.
  if (readWord(mod.HEAPU8, wasm.errorContextStack) !== 0 || idleException === 0) return false;

  // PostgreSQL back at its top level, then its own error recovery: it aborts the transaction,
  // so nothing half-written is committed, and it stops the spin on a stale context stack.
  const backToTop = () => {
    for (let i = 0; i < RECOVERY_TRIES; i++) {
      writeWord(mod.HEAPU8, wasm.errorContextStack, 0);
      writeWord(mod.HEAPU8, wasm.exceptionStack, idleException);
      try {
        mod._PostgresMainLongJmp();
        return;
      } catch {
        // It raised again (see RECOVERY_TRIES): once more.
      }
    }
  };

  let escaped: { error: unknown } | null = null;
  let stopped: EmbeddedDatabaseStopped | null = null;
  const once = mod._PostgresMainLoopOnce.bind(mod);
  mod._PostgresMainLoopOnce = () => {
    try {
      once();
    } catch (error) {
      if ((error as { status?: number })?.status !== LONGJMP_TO_TOP) {
        escaped ??= { error };
        backToTop();
      }
      throw error;
    }
  };
  const rawSync = internals.execProtocolRawSync.bind(client);
  internals.execProtocolRawSync = (message) => {
    if (stopped) throw stopped;
    escaped = null;
    const answer = rawSync(message);
    const failure = escaped as { error: unknown } | null;
    if (failure) {
      stopped = new EmbeddedDatabaseStopped(failure.error);
      onStop(failure.error);
      throw failure.error;
    }
    return answer;
  };
  return true;
}
