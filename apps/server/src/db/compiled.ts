import { type DriverValueEncoder, is, Param, Placeholder, sql } from "drizzle-orm";
import type { PgPreparedQuery, PreparedQueryConfig } from "drizzle-orm/pg-core";
import type pg from "pg";
import type { Database } from "./index.ts";

/** A built statement: Drizzle's query with `.prepare()`, its values left as placeholders. */
interface Preparable<TResult> {
  prepare(name: string): PgPreparedQuery<PreparedQueryConfig & { execute: TResult }>;
}

/** A compiled statement, run on the pool or in a transaction with a value for each placeholder. */
export type Compiled<K extends string, TResult> = (
  db: Database,
  values: Record<K, unknown>,
) => Promise<TResult>;

/**
 * A statement Drizzle builds once, with a placeholder for each of `keys`, and then only runs.
 * Building a statement costs more than sending it: the cart's read took Drizzle about 280 µs to
 * build, against about 50 µs of the server's CPU to send and read back, and checkout builds a
 * dozen statements. A compiled statement runs on the pool, or in the transaction it is given
 * (Drizzle's own prepared statements are tied to the database they were prepared on). Its text
 * is named per connection as any frequent statement is (see statement-names.ts).
 *
 * The statement is built on the first run, with the database of that run; `build` must read
 * nothing but its placeholders (and constants), as every later run reuses what it built.
 */
export function compiled<K extends string, TResult>(
  keys: readonly K[],
  build: (db: Database, values: Record<K, Placeholder<K>>) => Preparable<TResult>,
): Compiled<K, TResult> {
  let prepared: PgPreparedQuery<PreparedQueryConfig & { execute: TResult }> | undefined;
  return (db, values) => {
    if (!prepared) {
      const holders = Object.fromEntries(keys.map((key) => [key, sql.placeholder(key)]));
      // Every key has its placeholder: fromEntries cannot say so in its type.
      prepared = build(db, holders as Record<K, Placeholder<K>>).prepare("");
      keepNulls(prepared.getQuery().params);
    }
    // The same statement on this run's connection: Drizzle's prepared query for node-postgres
    // reads the connection from its `client` field, the session of a database or transaction
    // keeps its own there. Both are private in Drizzle's types; compiled.test.ts fails if either
    // moves (a statement in a transaction would no longer see that transaction's rows).
    const bound: typeof prepared = Object.create(prepared, {
      client: { value: connectionOf(db) },
    });
    return bound.execute(values);
  };
}

/**
 * Compiled statements of one form in several shapes (an insert of n rows, say), each compiled on
 * its first use. At most `most` shapes are kept: any other is built on every run, so shapes that
 * are rare (or as many as a client can make) hold no memory, nor a statement name on each
 * connection.
 */
export function compiledShapes<K extends string, TResult>(
  most: number,
  make: (shape: readonly number[]) => Compiled<K, TResult>,
): (shape: readonly number[]) => Compiled<K, TResult> {
  const made = new Map<string, Compiled<K, TResult>>();
  return (shape) => {
    const key = shape.join(",");
    let statement = made.get(key);
    if (statement) return statement;
    statement = make(shape);
    if (made.size < most) made.set(key, statement);
    return statement;
  };
}

/**
 * The placeholder of `key` in row `index` of a many-row statement's `kind` rows (an insert of n
 * lines, say); rowValues gives their values.
 */
export function rowPlaceholder(kind: string, index: number, key: string): Placeholder {
  return sql.placeholder(`${kind}${index}.${key}`);
}

/** The values of `rows` for their placeholders (rowPlaceholder); a missing one is null. */
export function rowValues<K extends string>(
  kind: string,
  rows: readonly Partial<Record<K, unknown>>[],
  keys: readonly K[],
): Record<string, unknown> {
  return Object.fromEntries(
    rows.flatMap((row, index) => keys.map((key) => [`${kind}${index}.${key}`, row[key] ?? null])),
  );
}

/**
 * Makes a null value of a column's placeholder reach PostgreSQL as NULL, as Drizzle sends a null
 * value it is given directly. Drizzle fills a placeholder through its column's encoder, null
 * included, and a JSON column's encoder makes null the JSON text "null".
 */
function keepNulls(params: readonly unknown[]): void {
  for (const param of params) {
    if (!is(param, Param) || !is(param.value, Placeholder)) continue;
    const column: DriverValueEncoder<unknown, unknown> = param.encoder;
    const encoder: DriverValueEncoder<unknown, unknown> = {
      mapToDriverValue: (value) => (value === null ? null : column.mapToDriverValue(value)),
    };
    // The encoder is Drizzle's to set; it is the one thing this changes in the built statement.
    Object.defineProperty(param, "encoder", { value: encoder });
  }
}

function connectionOf(db: Database): pg.Pool | pg.PoolClient {
  const client = (db._.session as unknown as { client?: pg.Pool | pg.PoolClient }).client;
  if (!client) throw new Error("This database has no node-postgres connection to run on");
  return client;
}
