import { randomBytes } from "node:crypto";
import path from "node:path";
import { defineConfig } from "vitest/config";

// One id per run, inherited by the test workers: the run's databases carry it (server/test/postgres.ts).
process.env.HERALD_TEST_RUN ??= randomBytes(3).toString("hex");

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["**/*.test.ts"],
    exclude: ["node_modules/**", "e2e/**", ".next/**", ".herald/**"],
    environment: "node",
    globalSetup: ["server/test/global-setup.ts"],
    setupFiles: ["server/test/setup-file.ts"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: {
      NODE_ENV: "test",
      HERALD_LOG_LEVEL: "warn",
      AUTH_SECRET: "test-secret-test-secret-test-secret-0000",
      HERALD_ENCRYPTION_KEY: "dGVzdC1lbmNyeXB0aW9uLWtleS0zMi1ieXRlcy0wMDA=",
    },
  },
});
