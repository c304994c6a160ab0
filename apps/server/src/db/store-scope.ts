import { AsyncLocalStorage } from "node:async_hooks";
import type pg from "pg";

/**
 * Which store's rows a statement sees. Every table that belongs to a store has a row-level
 * security policy (migration 0049) that shows and accepts only the rows whose store is the
 * connection's `storefront.store_id`; the server sets it from the scope of the code that runs the
 * statement:
 * - a request runs in a scope of its own from its first hook, empty until its store is resolved
 *   from the Host (`setScopeStore`), so that a statement of a request sees its store's rows only,
 *   whether or not it filters on store_id;
 * - code outside any scope sees no store's rows at all, and cannot write one;
 * - `acrossStores` is the one way to see every store: host resolution, the timed jobs, the
 *   platform operators' screens, Stripe's webhook (which names an account, not a host), seeding
 *   and the command-line tools. Grep for it to review them. Its statements run on a pool of
 *   their own, as the role storefront_across, which a second policy lets see every row; the
 *   store pool's role, storefront_app, has only the one-store policy, a plain equality the
 *   planner folds into the query's own store filter.
 *
 * Migrations run before the pools are made, on a connection of their own, as the database's user.
 */
export const EVERY_STORE = "*";

/** The scope's store id, EVERY_STORE, or "" (none: no store's rows). */
interface Scope {
  store: string;
}

const scopes = new AsyncLocalStorage<Scope>();

/** Runs `work` seeing every store's rows: the one way past store isolation (see above). */
export function acrossStores<T>(work: () => PromiseLike<T> | T): Promise<T> {
  return within({ store: EVERY_STORE }, work);
}

/**
 * Lets the rest of the current request see every store's rows: the same opt-out as
 * acrossStores, for routes that belong to no store (the platform's, Stripe's webhook).
 */
export function requestAcrossStores(): void {
  const scope = scopes.getStore();
  if (!scope) throw new Error("requestAcrossStores runs in a request's scope only");
  scope.store = EVERY_STORE;
}

/** Runs `work` seeing one store's rows only (a job's run for one store, a test). */
export function inStore<T>(storeId: string, work: () => PromiseLike<T> | T): Promise<T> {
  if (!storeId || storeId === EVERY_STORE) throw new Error(`Not a store id: "${storeId}"`);
  return within({ store: storeId }, work);
}

/**
 * Runs `work` in `scope`, awaiting its answer there: a Drizzle query is a thenable that runs only
 * when it is awaited, so returned unawaited it would run in the caller's scope instead.
 */
function within<T>(scope: Scope, work: () => PromiseLike<T> | T): Promise<T> {
  return scopes.run(scope, async () => await work());
}

/** Starts a request's scope, with no store yet; Fastify's `done` continues inside it. */
export function startRequestScope(done: () => void): void {
  scopes.run({ store: "" }, done);
}

/**
 * Gives the current request's scope its store, once the Host has named it. Code that sees every
 * store (a platform route) keeps seeing every store.
 */
export function setScopeStore(storeId: string): void {
  const scope = scopes.getStore();
  if (scope && scope.store !== EVERY_STORE) scope.store = storeId;
}

/** The scope statements run in here: a store id, EVERY_STORE, or "" (none). */
export function currentScope(): string {
  return scopes.getStore()?.store ?? "";
}

/** The scope each connection was last given, so that it is set again only when it changes. */
const scopeOfConnection = new WeakMap<pg.ClientBase, string>();

async function giveScope(client: pg.PoolClient, scope: string): Promise<void> {
  if (scopeOfConnection.get(client) === scope) return;
  // A session setting, made outside any transaction (before BEGIN, or before a lone statement),
  // so no rollback can undo it behind this map's back.
  await client.query("select set_config('storefront.store_id', $1, false)", [scope]);
  scopeOfConnection.set(client, scope);
}

/** The server's two pools (db/index.ts): one store's rows, and every store's. */
export interface ScopedPools {
  store: pg.Pool;
  across: pg.Pool;
}

/**
 * The pool as Drizzle sees it, each of whose statements runs on a connection set to the scope
 * of the code that ran it (`scopeOf`, read when the statement or transaction starts): one of the
 * store pool's, set to the scope's store (or to none), or for EVERY_STORE one of the across
 * pool's. node-postgres's own `pool.query` cannot be used: when it waits for a free connection,
 * it runs the statement in the async context of the request that freed one.
 */
export function scopedPool(pools: ScopedPools, scopeOf: () => string = currentScope): pg.Pool {
  const connect = async (): Promise<pg.PoolClient> => {
    const scope = scopeOf();
    if (scope === EVERY_STORE) return pools.across.connect();
    const client = await pools.store.connect();
    try {
      await guarded(client, () => giveScope(client, scope));
    } catch (error) {
      client.release(asError(error));
      throw error;
    }
    return client;
  };
  const query = async (...args: unknown[]): Promise<unknown> => {
    const client = await connect();
    try {
      const run = client.query as (...a: unknown[]) => Promise<unknown>;
      const result = await guarded(client, () => run.apply(client, args));
      client.release();
      return result;
    } catch (error) {
      // As node-postgres's pool.query does: a connection whose statement failed is not reused.
      client.release(asError(error));
      throw error;
    }
  };
  // Drizzle tells a pool from a connection with `instanceof pg.Pool`: the facade inherits from
  // the pool, and only its two ways of running statements differ.
  return Object.create(pools.store, {
    connect: { value: connect },
    query: { value: query },
  }) as pg.Pool;
}

/**
 * Runs `work` on a checked-out connection, failing it (instead of the process) when the
 * connection breaks meanwhile: a checked-out connection has no other listener for its errors.
 */
async function guarded<T>(client: pg.PoolClient, work: () => Promise<T>): Promise<T> {
  let onError: (error: Error) => void = () => {};
  const broken = new Promise<never>((_, reject) => {
    onError = reject;
  });
  client.once("error", onError);
  try {
    return await Promise.race([work(), broken]);
  } finally {
    client.removeListener("error", onError);
  }
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
