import { randomBytes } from "node:crypto";
import { defineConfig } from "@playwright/test";

// Chromium's headless shell, installed by scripts/ensure-test-services.sh (CHROMIUM_PATH picks another build).
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  // Two workers, each with a Herald of its own (e2e/own-workspace.ts): a worker's tests move its
  // Herald's clock (e2e/test-control.ts) without moving the other's.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  globalSetup: "./e2e/global-setup.ts",
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // scripts/test.sh reads the JSON report for its timing summary (scripts/test-timings.mjs).
  reporter: process.env.HERALD_TEST_REPORTS ? [["list"], ["json", { outputFile: `${process.env.HERALD_TEST_REPORTS}/playwright.json` }]] : [["list"]],
  use: {
    // No trace by default: recording one for every test (and keeping it only on failure) cost a fifth
    // of the browser tests' time. A failure prints its error and call log and keeps a screenshot;
    // for a trace, rerun it with `npx playwright test <file> --trace on`.
    trace: "off",
    screenshot: "only-on-failure",
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
  // (e2e/own-workspace.ts), so a spec file runs alone and the files run in any order. Each worker
  // starts its own production Herald on a copy of the run's migrated template database (the
  // `herald` worker fixture); the first-run tests start one more of their own.
});

// The test control's token (server/runtime/test-control.ts), shared by the workers, which inherit it.
process.env.HERALD_E2E_CONTROL_TOKEN ??= randomBytes(24).toString("hex");
