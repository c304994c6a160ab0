import { afterAll, expect } from "vitest";

/**
 * Fails the file whose code ran two statements at once on one connection (a transaction's):
 * node-postgres queues the second and warns that pg 9 will refuse it. db/index.ts's
 * readTogether runs such reads one after another in a transaction.
 */
const overlapping: string[] = [];
process.on("warning", (warning) => {
  if (warning.message.includes("already executing a query")) {
    overlapping.push(warning.stack ?? warning.message);
  }
});

afterAll(() => {
  expect(overlapping, "statements run at once on one connection").toEqual([]);
});
