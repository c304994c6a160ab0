import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "domain",
          include: ["packages/domain/src/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "server",
          include: ["apps/server/src/**/*.test.ts"],
          environment: "node",
          // TEST_DATABASE_URL, or an embedded PostgreSQL started for the run.
          globalSetup: ["apps/server/test/global-setup.ts"],
          setupFiles: ["apps/server/test/setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // The bounded-memory tests read the heap after a collection.
          execArgv: ["--expose-gc"],
        },
      },
      {
        test: {
          name: "web-build",
          include: ["apps/web/scripts/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        resolve: { alias: { "~": fileURLToPath(new URL("./apps/web/app", import.meta.url)) } },
        test: {
          name: "web",
          include: ["apps/web/app/**/*.test.tsx"],
          environment: "jsdom",
          setupFiles: ["apps/web/test/setup.ts"],
        },
      },
    ],
  },
});
