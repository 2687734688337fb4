// Test databases on a real PostgreSQL server: one migrated template per run, and a fresh copy of it
// for every test file (CREATE DATABASE … TEMPLATE is fast and isolates files from each other).
import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * Each `vitest run` names its databases after a run id (set in vitest.config.ts), so that two runs
 * on one PostgreSQL server (two checkouts, a developer and CI) never touch each other's databases.
 */
export function testRunId(): string {
  return process.env.HERALD_TEST_RUN ?? "local";
}

export function templateDatabase(): string {
  return `herald_test_${testRunId()}_template`;
}

export function adminUrl(): string {
  return process.env.TEST_DATABASE_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
}

export function databaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function createDatabaseFromTemplate(): Promise<{ name: string; url: string }> {
  const name = `herald_test_${testRunId()}_${randomBytes(6).toString("hex")}`;
  await withAdmin((client) => client.query(`CREATE DATABASE "${name}" TEMPLATE "${templateDatabase()}"`));
  return { name, url: databaseUrl(name) };
}

export async function dropDatabase(name: string): Promise<void> {
  await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}
