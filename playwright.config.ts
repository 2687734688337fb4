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
  reporter: process.env.CI ? [["list"]] : [["list"]],
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
  // foundation.spec.ts performs the first run (the owner and the workspace every other file signs
  // into), so it runs first and in full, also when only another file is asked for; the other files
  // follow in name order on the same server and database.
  projects: [
    { name: "first-run", testMatch: /foundation\.spec\.ts$/ },
    { name: "journeys", testIgnore: /foundation\.spec\.ts$/, dependencies: ["first-run"] },
  ],
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
