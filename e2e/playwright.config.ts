import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

/** The store under test; E2E_PORT lets two checkouts of the project run their tests side by side. */
const PORT = Number(process.env.E2E_PORT ?? 4317);
/** The local SMTP server global-setup.ts starts; the store sends its mail there. */
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 4325);
const baseURL = `http://localhost:${PORT}`;

// A fresh data directory per run (the embedded PostgreSQL's and the media), so the demo stores
// load from scratch. The config is
// evaluated again in every worker process; the environment variable makes them all reuse the
// directory the runner made instead of creating (and leaking) one each.
if (!process.env.E2E_DATA_DIR) {
  const made = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-e2e-"));
  // Under root the embedded PostgreSQL runs as its own OS user, who must be able to enter it.
  fs.chmodSync(made, 0o755);
  process.env.E2E_DATA_DIR = made;
  // The runner stops the web server before it exits; then the directory can go.
  process.on("exit", () => fs.rmSync(made, { recursive: true, force: true }));
}
const dataDir = process.env.E2E_DATA_DIR;
/** Where global-setup.ts writes each received mail as a file. */
export const mailDir = path.join(dataDir, "mail");
/** The link prepare-store.ts made for the platform operator, as `npm run platform:operator` prints it. */
export const operatorLinkFile = path.join(dataDir, "operator-link.txt");
/** A photo on disk to upload as a product's (the demo's drawn 1200 px bottle, a JPEG). */
export const photoFile = path.join(dataDir, "media", "pet-remedies", "itchy-scratchy-1.jpg");

export default defineConfig({
  testDir: "./tests",
  globalSetup: "./global-setup.ts",
  outputDir: "../test-results/e2e",
  workers: 1,
  retries: 0,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  reporter: "list",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    screenshot: "only-on-failure",
    trace: "off",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    {
      name: "narrow",
      use: { viewport: { width: 375, height: 812 }, isMobile: false, hasTouch: false },
    },
    {
      name: "wide",
      use: { viewport: { width: 1280, height: 900 } },
    },
  ],
  webServer: {
    // The compiled server, as `npm start` runs it (`npm test` builds it first).
    // prepare-store.ts first: the hemp store reminds at once (recovery.spec.ts).
    command: "node --import tsx e2e/prepare-store.ts && node apps/server/dist/main.js",
    cwd: "..",
    url: `${baseURL}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    },
  },
});
