import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { type AppOptions, buildApp } from "../src/app.ts";
import { type Config, loadConfig } from "../src/config.ts";
import { type DatabaseHandle, openDatabase } from "../src/db/index.ts";
import { loadDemoStores } from "../src/db/seed/index.ts";

/**
 * The test run's PostgreSQL server: TEST_DATABASE_URL (the machine's, or the embedded one that
 * test/global-setup.ts started for the run).
 */
export function testServerUrl(): string {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DATABASE_URL is not set (test/global-setup.ts sets it)");
  return base;
}

/** A fresh, empty PostgreSQL database on the test server; dropped by the returned function. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = testServerUrl();
  const name = `storefront_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export interface TestDatabase extends DatabaseHandle {
  /**
   * The test's own view: every store's rows (the handle's acrossStores), for its setup and its
   * checks of what was stored. The app under test is given `storeScoped`.
   */
  db: DatabaseHandle["db"];
  /** Each statement sees its code's store only, as the server's (store-scope.ts). */
  storeScoped: DatabaseHandle["db"];
  dispose(): Promise<void>;
}

/** A migrated, empty database of its own on the test server. */
export async function openTestDatabase(logQuery?: (query: string) => void): Promise<TestDatabase> {
  const pgDb = await createPostgresDatabase();
  const handle = await openDatabase({
    databaseUrl: pgDb.url,
    ...(logQuery ? { logQuery } : {}),
  }).catch(async (error: unknown) => {
    await pgDb.drop();
    throw error;
  });
  return {
    ...handle,
    db: handle.acrossStores,
    storeScoped: handle.db,
    async dispose() {
      await handle.close();
      await pgDb.drop();
    },
  };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" }),
    dataDir: null,
    webBuildDir: null,
    // A test that needs the timed jobs starts them itself.
    runJobs: false,
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  close(): Promise<void>;
}

/** The API (no web build) on a fresh database with the demo stores loaded. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: Pick<AppOptions, "testProcessor" | "logStream"> & {
    logQuery?: (query: string) => void;
    /** Serve the web build too (pages); needs `npm run build` and `webBuildDir` set. */
    web?: boolean;
    /** Adds test-only routes before the app is ready. */
    beforeReady?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestApp> {
  const database = await openTestDatabase(options.logQuery);
  await loadDemoStores(database.db);
  const mediaDir = await mkdtemp(path.join(os.tmpdir(), "storefront-media-"));
  const app = await buildApp({
    // With the database's URL the app listens for its change notices, as in production.
    config: testConfig({ mediaDir, databaseUrl: database.url, ...overrides }),
    db: database.storeScoped,
    web: options.web ?? false,
    testProcessor: options.testProcessor,
    logStream: options.logStream,
  });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.dispose();
    },
  };
}

/**
 * What `make` answers, made before the file's (or describe block's) tests and handed to `close`
 * after them; the function returned reads it (and throws before it is made).
 */
export function madeBeforeAll<T>(make: () => Promise<T>, close: (made: T) => Promise<void>) {
  let made: T | undefined;
  const current = (): T => {
    if (made === undefined) throw new Error("made before the tests (beforeAll): not yet");
    return made;
  };
  beforeAll(async () => {
    made = await make();
  });
  // A make that failed has nothing to close: its own error is the one to read.
  afterAll(async () => {
    if (made !== undefined) await close(made);
  });
  return current;
}

/**
 * An object that reads `current()` at each use of a property: for what a beforeAll makes, handed
 * to the tests (and their helpers) before it exists. Methods run on the object itself.
 */
export function readThrough<T extends object>(current: () => T): T {
  const view = new Proxy(
    {},
    {
      get(_target, key) {
        const made = current();
        const value: unknown = Reflect.get(made, key);
        return typeof value === "function" ? value.bind(made) : value;
      },
    },
  );
  // The proxy answers every property from `current()`, a T.
  return view as T;
}

/**
 * The test file's (or describe block's) app: made before its tests, as createTestApp makes it,
 * and closed after them. The tests read `t.app` and `t.database` as they would the TestApp.
 */
export function useTestApp(...args: Parameters<typeof createTestApp>): TestApp {
  return readThrough(
    madeBeforeAll(
      () => createTestApp(...args),
      (t) => t.close(),
    ),
  );
}
