import { randomBytes } from "node:crypto";
import { availableParallelism } from "node:os";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import LongestFirst from "./server/test/sequencer.ts";
import { literalGlob, NO_DATABASE_URL, testProjects, type TestProject } from "./server/test/test-projects.ts";

// One id per run, inherited by the test workers: the run's databases carry it (server/test/postgres.ts).
process.env.HERALD_TEST_RUN ??= randomBytes(3).toString("hex");

const root = import.meta.dirname;
// Three projects, each file in exactly one, chosen by what it imports (server/test/test-projects.ts):
//   unit     no database, no build: `npm run test:unit`, seconds, also with PostgreSQL stopped;
//   db       the real PostgreSQL, a fresh database per file: `npm run test:db`;
//   process  the built Herald or other child processes, SIGKILL: `npm run test:process`.
const files = testProjects(root);

const env = {
  NODE_ENV: "test" as const,
  HERALD_LOG_LEVEL: "warn",
  AUTH_SECRET: "test-secret-test-secret-test-secret-0000",
  HERALD_ENCRYPTION_KEY: "dGVzdC1lbmNyeXB0aW9uLWtleS0zMi1ieXRlcy0wMDA=",
};

function project(name: TestProject, test: TestProjectInlineConfiguration["test"]): TestProjectInlineConfiguration {
  return {
    resolve: { alias: { "@": root } },
    test: {
      name,
      // A project with no files yet matches nothing rather than everything.
      include: files[name].length ? files[name].map(literalGlob) : ["no-test-files-in-this-project"],
      exclude: ["node_modules/**", "e2e/**", ".next/**", ".herald/**"],
      environment: "node",
      pool: "forks",
      testTimeout: 30_000,
      hookTimeout: 60_000,
      ...test,
      env: { ...env, ...test?.env },
    },
  };
}

// The database projects' global setup (the migrated template database) runs only when a run
// includes one of their files, so `vitest run --project unit` never contacts PostgreSQL.
const database = { globalSetup: ["server/test/global-setup.ts"], setupFiles: ["server/test/setup-file.ts"] };

// `isolate: false`: a worker runs file after file instead of a new process per file, so the heavy
// packages are loaded once per worker; server/test/fresh-file.ts gives each file back what a new
// process gave it (Herald's modules evaluated anew, mocks, environment, globals, and for the db
// project its own database, server/test/setup-file.ts). The process project keeps a process per file.
export default defineConfig({
  resolve: { alias: { "@": root } },
  test: {
    // One worker more than the cores (Vitest's default is one fewer: a single worker on two cores):
    // database and process test files spend much of their time waiting on PostgreSQL and child
    // processes, so a third file keeps both cores busy.
    maxWorkers: availableParallelism() + 1,
    // The slowest files first (server/test/sequencer.ts), so that no worker ends the run alone.
    sequence: { sequencer: LongestFirst },
    projects: [
      project("unit", { isolate: false, setupFiles: ["server/test/fresh-file.ts", "server/test/unit-setup.ts"], env: { DATABASE_URL: NO_DATABASE_URL, TEST_DATABASE_ADMIN_URL: NO_DATABASE_URL } }),
      project("db", { ...database, isolate: false, setupFiles: ["server/test/fresh-file.ts", ...database.setupFiles] }),
      // The process project also compiles the crash tests' worker scripts once (server/test/worker-bundles.ts).
      project("process", { ...database, globalSetup: [...database.globalSetup, "server/test/process-global-setup.ts"] }),
    ],
  },
});
