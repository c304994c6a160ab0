import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { describe } from "vitest";
import { type AppOptions, buildApp } from "../src/app.ts";
import { type Config, loadConfig } from "../src/config.ts";
import { type DatabaseHandle, openDatabase } from "../src/db/index.ts";
import { loadDemoStores } from "../src/db/seed/index.ts";

export type Engine = "pglite" | "postgres";

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
const ENGINES: Engine[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

/** Runs a suite once per database engine, naming the engine in the suite title. */
export function describeEachEngine(title: string, suite: (engine: Engine) => void): void {
  for (const engine of ENGINES) describe(`${title} [${engine}]`, () => suite(engine));
}

/** A fresh, empty PostgreSQL database on the test server; dropped by the returned function. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DATABASE_URL is not set");
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
  /** PostgreSQL's URL (an app given it hears the database's change notices); null on PGlite. */
  url: string | null;
  dispose(): Promise<void>;
}

/** A migrated, empty database of the given engine. */
export async function openTestDatabase(
  engine: Engine,
  dataDir: string | null = null,
  logQuery?: (query: string) => void,
): Promise<TestDatabase> {
  if (engine === "pglite") {
    const handle = await openDatabase({ dataDir, logQuery });
    return { ...handle, url: null, dispose: () => handle.close() };
  }
  const pgDb = await createPostgresDatabase();
  const handle = await openDatabase({ databaseUrl: pgDb.url, dataDir: null, logQuery });
  return {
    ...handle,
    url: pgDb.url,
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
  engine: Engine,
  overrides: Partial<Config> = {},
  options: Pick<AppOptions, "testProcessor" | "logStream"> & {
    logQuery?: (query: string) => void;
    /** Serve the web build too (pages); needs `npm run build` and `webBuildDir` set. */
    web?: boolean;
    /** Adds test-only routes before the app is ready. */
    beforeReady?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestApp> {
  const database = await openTestDatabase(engine, null, options.logQuery);
  await loadDemoStores(database.db);
  const mediaDir = await mkdtemp(path.join(os.tmpdir(), "storefront-media-"));
  const app = await buildApp({
    // With PostgreSQL's URL the app listens for the database's change notices, as in production.
    config: testConfig({ mediaDir, databaseUrl: database.url ?? undefined, ...overrides }),
    db: database.db,
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
