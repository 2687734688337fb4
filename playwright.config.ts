import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3917);
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // scripts/test.sh reads the JSON report for its timing summary (scripts/test-timings.mjs).
  reporter: process.env.HERALD_TEST_REPORTS ? [["list"], ["json", { outputFile: `${process.env.HERALD_TEST_REPORTS}/playwright.json` }]] : [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  // No project runs before another: every test makes its own person, workspace and data
  // (e2e/own-workspace.ts), so a spec file runs alone and the files run in any order. One worker,
  // for the one shared server the machine can afford; the first-run test starts its own.
  webServer: {
    // A production build of Herald on a fresh PostgreSQL database (see e2e/start-server.mjs).
    command: `node e2e/start-server.mjs`,
    url: `http://localhost:${port}/sign-in`,
    env: { E2E_PORT: String(port) },
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
  },
});
