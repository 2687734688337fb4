// Runs once per `vitest run`: a freshly migrated template database on the real PostgreSQL.
import { applyMigrations } from "../db/migrations";
import { databaseUrl, templateDatabase, testRunId, withAdmin } from "./postgres";

export default async function globalSetup() {
  const TEMPLATE_DATABASE = templateDatabase();
  await withAdmin(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS "${TEMPLATE_DATABASE}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${TEMPLATE_DATABASE}"`);
  });
  await applyMigrations(databaseUrl(TEMPLATE_DATABASE));

  return async function globalTeardown() {
    await withAdmin(async (client) => {
      const { rows } = await client.query<{ datname: string }>(
        "SELECT datname FROM pg_database WHERE starts_with(datname, $1)",
        [`herald_test_${testRunId()}_`],
      );
      for (const row of rows) await client.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
    });
  };
}
