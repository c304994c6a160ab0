import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "./index.ts";
import { EmbeddedDatabaseStopped, exportedAddresses } from "./pglite-guard.ts";

// A JavaScript exception thrown while PostgreSQL is inside a statement (here a notice listener's,
// which PGlite calls as the notice is written) used to be swallowed by PGlite: the query answered
// as if it had succeeded, and PostgreSQL was left mid-statement, so that a later error could spin
// the process forever.

const listenerFails = {
  onNotice: () => {
    throw new Error("the notice listener failed");
  },
};

async function open(dataDir: string | null, stops: unknown[]) {
  const handle = await openDatabase({ dataDir, onEmbeddedStop: (error) => stops.push(error) });
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  await client.exec(`
    create table if not exists guard_rows (id int primary key, label text);
    create or replace function guard_warn(n int) returns int language plpgsql as $$
    begin
      raise warning 'warned about %', n;
      return n;
    end $$;`);
  return { handle, client };
}

describe("the embedded database after an exception inside a statement", () => {
  const dirs: string[] = [];
  const handles: DatabaseHandle[] = [];
  afterAll(async () => {
    for (const handle of handles) await handle.close().catch(() => {});
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it("fails that statement with the exception, not with part of its rows, and every later one at once", async () => {
    const stops: unknown[] = [];
    const { handle, client } = await open(null, stops);
    handles.push(handle);
    await client.exec(
      "insert into guard_rows select g, 'row ' || g from generate_series(1, 500) g",
    );
    await expect(
      client.query("select id, guard_warn(id) from guard_rows where id > $1", [0], listenerFails),
    ).rejects.toThrow("the notice listener failed");
    expect(stops).toHaveLength(1);

    for (const query of ["select count(*) from guard_rows where id > $1", "select 1 / $1::int"]) {
      const error = await client.query(query, [0]).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EmbeddedDatabaseStopped);
      expect((error as Error).message).toContain("the notice listener failed");
    }
    expect(stops).toHaveLength(1);
  });

  it("keeps on disk what was committed before, and nothing of the statement's transaction", async () => {
    const dir = await mkdtemp(join(tmpdir(), "pglite-guard-"));
    dirs.push(dir);
    const stops: unknown[] = [];
    const first = await open(dir, stops);
    await first.client.query("insert into guard_rows values ($1, $2)", [1, "committed"]);
    await expect(
      first.client.transaction(async (tx) => {
        await tx.query("insert into guard_rows values ($1, $2)", [2, "in the failed transaction"]);
        await tx.query("select guard_warn($1)", [2], listenerFails);
      }),
    ).rejects.toThrow();
    expect(stops).toHaveLength(1);
    await first.handle.close().catch(() => {});

    const again = await open(dir, []);
    handles.push(again.handle);
    const rows = await again.client.query<{ id: number; label: string }>(
      "select id, label from guard_rows order by id",
    );
    expect(rows.rows).toEqual([{ id: 1, label: "committed" }]);
  });
});

describe("a runaway recursion on the embedded database", () => {
  it("ends in PostgreSQL's own error, and the database answers the next statement", async () => {
    const { handle, client } = await open(null, []);
    try {
      await client.exec(`
        create function guard_deep(n int) returns int language plpgsql as $$
        begin
          if n = 0 then return 0; end if;
          return guard_deep(n - 1);
        end $$;`);
      expect((await client.query("select guard_deep($1) as v", [50])).rows).toEqual([{ v: 0 }]);
      await expect(client.query("select guard_deep($1)", [100_000])).rejects.toThrow(
        "stack depth limit exceeded",
      );
      expect((await client.query("select guard_deep($1) as v", [50])).rows).toEqual([{ v: 0 }]);
    } finally {
      await handle.close();
    }
  });
});

describe("the addresses the guard reads from PGlite's wasm", () => {
  it("finds PostgreSQL's error context and exception stacks among its exports", async () => {
    const path = new URL("pglite.wasm", import.meta.resolve("@electric-sql/pglite"));
    const found = exportedAddresses(new Uint8Array(await readFile(path)), [
      "error_context_stack",
      "PG_exception_stack",
      "no_such_symbol",
    ]);
    expect([...found.keys()].sort()).toEqual(["PG_exception_stack", "error_context_stack"]);
    expect(found.get("PG_exception_stack")).toBe((found.get("error_context_stack") ?? 0) + 4);
  });
});
