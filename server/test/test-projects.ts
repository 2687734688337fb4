// Which vitest project a test file runs in, read from what the file imports — so membership needs
// no list to keep up to date and no naming to remember:
//
//   process  imports server/test/herald-process, server/test/mail-servers (Dovecot),
//            server/test/killable-worker or node:child_process: starts the built Herald or another
//            process, kills it, runs a build; or applies migrations (Prisma's schema engine works
//            once per process). Needs PostgreSQL and `npm run build`. A process per file.
//   db       imports a database module (DATABASE_MODULES below: the Prisma client, the factories,
//            the campaign driver, `pg`, …). Runs on the real PostgreSQL, a fresh database per file.
//   unit     everything else. Runs with no database at all: DATABASE_URL points at a closed port,
//            so a test that reaches PostgreSQL through a service it calls fails at once instead
//            of slowly turning the unit run into a database run. Such a test belongs in `db`:
//            have it import what it uses the database through (`db` from server/db/client, a factory).
//
// Used by vitest.config.ts and checked by server/test/test-projects.test.ts.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export type TestProject = "unit" | "db" | "process";

/**
 * Modules that start or kill processes (paths from the repository root, without extension), and
 * those that load Prisma's WebAssembly schema engine (migrations): it works once per process, and
 * the db project's workers run file after file in one process (vitest.config.ts), where a second
 * file's engine fails ("FnOnce called more than once"). The process project gives each file its own.
 */
export const PROCESS_MODULES = [
  "server/test/herald-process",
  "server/test/mail-servers",
  "node:child_process",
  "child_process",
  "server/test/killable-worker",
  "server/db/migrations",
  "server/db/schema-engine",
  "server/runtime/prepare-database",
];

/** Modules that need a PostgreSQL database to be of any use. */
export const DATABASE_MODULES = [
  "server/db/client",
  "server/db/embedded-postgres",
  "server/test/postgres",
  "server/test/factories",
  "server/test/campaign-driver",
  "server/test/campaigns-api",
  "server/test/drafted-steps",
  "server/test/mailbox-hosted-link",
  "server/test/row-writes",
  "server/test/call-api",
  "server/test/herald-jobs",
  "pg",
];

/** Where unit tests are told their database is: nothing listens on port 1. */
export const NO_DATABASE_URL = "postgresql://unit-tests-have-no-database@127.0.0.1:1/unit_tests_have_no_database";

const SKIPPED_FOLDERS = new Set(["node_modules", ".git", ".next", ".herald", ".data", "e2e", "dist", "coverage"]);

/** Every `*.test.ts` file under `root`, as a path relative to it with forward slashes. */
export function listTestFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
      const relative = folder ? `${folder}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) walk(relative);
      } else if (entry.name.endsWith(".test.ts")) {
        files.push(relative);
      }
    }
  };
  walk("");
  return files.sort();
}

const STATIC_IMPORT = /(?:^|\n)\s*(?:import|export)\s+(type\s+)?[^;]*?\sfrom\s+["']([^"']+)["']/g;
const BARE_IMPORT = /(?:^|\n)\s*import\s+["']([^"']+)["']/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["']([^"']+)["']\s*\)/g;

/** The modules a source file imports at run time (type-only imports left out), resolved from the repository root. */
export function importedModules(file: string, source: string): string[] {
  const specifiers: string[] = [];
  for (const match of source.matchAll(STATIC_IMPORT)) if (!match[1]) specifiers.push(match[2]!);
  for (const match of source.matchAll(BARE_IMPORT)) specifiers.push(match[1]!);
  for (const match of source.matchAll(DYNAMIC_IMPORT)) specifiers.push(match[1]!);
  return specifiers.map((specifier) => {
    const resolved = specifier.startsWith(".")
      ? path.posix.join(path.posix.dirname(file), specifier)
      : specifier.startsWith("@/")
        ? specifier.slice(2)
        : specifier;
    return resolved.replace(/\.(ts|tsx|js|mjs)$/, "").replace(/\/index$/, "");
  });
}

export function projectOf(file: string, source: string): TestProject {
  const modules = importedModules(file, source);
  if (modules.some((module) => PROCESS_MODULES.includes(module))) return "process";
  if (modules.some((module) => DATABASE_MODULES.includes(module))) return "db";
  return "unit";
}

/** The test files of each project, for the projects' `include` lists. */
export function testProjects(root: string): Record<TestProject, string[]> {
  const projects: Record<TestProject, string[]> = { unit: [], db: [], process: [] };
  for (const file of listTestFiles(root)) {
    projects[projectOf(file, readFileSync(path.join(root, file), "utf8"))].push(file);
  }
  return projects;
}

/** A file path as a glob that matches only itself (app router folders have parentheses and brackets). */
export function literalGlob(file: string): string {
  return file.replace(/[()[\]{}*?!+@]/g, "\\$&");
}
