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
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // The bounded-memory tests read the heap after a collection. The stack: as the server's
          // (package.json's serve), for the embedded database's WebAssembly.
          execArgv: ["--expose-gc", "--stack-size=3000"],
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
