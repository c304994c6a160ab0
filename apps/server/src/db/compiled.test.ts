import { asc, eq, sql } from "drizzle-orm";
import { integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase } from "../../test/helper.ts";
import { compiled, compiledShapes } from "./compiled.ts";
import { type DatabaseHandle, maintainAsOwner, openDatabase, selectRows } from "./index.ts";

const notes = pgTable("compiled_notes", {
  id: text().primaryKey(),
  rank: integer().notNull(),
  tags: jsonb().$type<string[]>().notNull(),
  note: jsonb().$type<{ text: string }>(),
});

const insertNote = compiled(["id", "rank", "tags", "note"], (db, p) =>
  db.insert(notes).values({ id: p.id, rank: p.rank, tags: p.tags, note: p.note }).returning(),
);
const noteById = compiled(["id"], (db, p) => db.select().from(notes).where(eq(notes.id, p.id)));
const ranked = compiledShapes(2, ([count = 1]) =>
  compiled(["least"], (db, p) =>
    db
      .select({ id: notes.id })
      .from(notes)
      .where(sql`${notes.rank} >= ${p.least}`)
      .orderBy(asc(notes.rank))
      .limit(count),
  ),
);

describe("statements built once and run with new values each time", () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    database = await openDatabase({ databaseUrl: created.url });
    // Tables are the database user's to make; the server's role may then write this one.
    await maintainAsOwner(
      created.url,
      "create table compiled_notes (id text primary key, rank integer not null, tags jsonb not null, note jsonb)",
    );
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it("answers each run's own values, columns mapped and JSON encoded as Drizzle does", async () => {
    const a = { id: "a", rank: 1, tags: ["calm", "dog"], note: { text: "first" } };
    const [first] = await insertNote(database.db, a);
    expect(first).toEqual(a);
    await insertNote(database.db, { id: "b", rank: 2, tags: [], note: null });
    expect(await noteById(database.db, { id: "a" })).toEqual([first]);
    expect(await noteById(database.db, { id: "b" })).toEqual([
      { id: "b", rank: 2, tags: [], note: null },
    ]);
    // A null for a JSON column is SQL's NULL, not the JSON value null.
    const stored = await selectRows<{ id: string }>(
      database.db,
      sql`select id from compiled_notes where note is null`,
    );
    expect(stored).toEqual([{ id: "b" }]);
    expect(await noteById(database.db, { id: "none" })).toEqual([]);
  });

  it("runs in the transaction it is given: it sees that transaction's rows, and a rollback keeps none", async () => {
    const seen: unknown[] = [];
    const rolledBack = await database.db
      .transaction(async (tx) => {
        await insertNote(tx, { id: "in-tx", rank: 9, tags: ["draft"], note: null });
        // Inside, the row is there; on the pool (another connection), not yet.
        seen.push(
          await noteById(tx, { id: "in-tx" }),
          await noteById(database.db, { id: "in-tx" }),
        );
        tx.rollback();
      })
      .catch((error: unknown) => error);
    expect(rolledBack).toMatchObject({ message: "Rollback" });
    expect(seen).toEqual([[{ id: "in-tx", rank: 9, tags: ["draft"], note: null }], []]);
    const answers: unknown[] = [];
    await database.db.transaction(async (tx) => {
      await insertNote(tx, { id: "kept", rank: 5, tags: [], note: null });
      answers.push(await noteById(tx, { id: "kept" }), await noteById(database.db, { id: "kept" }));
    });
    expect(answers).toEqual([[{ id: "kept", rank: 5, tags: [], note: null }], []]);
    expect(await noteById(database.db, { id: "kept" })).toEqual([
      { id: "kept", rank: 5, tags: [], note: null },
    ]);
    expect(await noteById(database.db, { id: "in-tx" })).toEqual([]);
  });

  it("keeps a statement for each of its first shapes, and still answers the shapes after", async () => {
    expect(ranked([1])).toBe(ranked([1]));
    expect(ranked([2])).toBe(ranked([2]));
    expect(ranked([5])).not.toBe(ranked([5]));
    const ids = async (count: number) =>
      (await ranked([count])(database.db, { least: 2 })).map((row) => row.id);
    expect(await ids(1)).toEqual(["b"]);
    expect(await ids(2)).toEqual(["b", "kept"]);
    expect(await ids(5)).toEqual(["b", "kept"]);
  });
});
