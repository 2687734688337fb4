// Runs once per `vitest run`: a freshly migrated template database on the real PostgreSQL. The db
// and process projects both name this setup, and Vitest calls it once per project in the same
// process: the first call prepares the template, the others wait for it (two schema engines at
// once crash the WebAssembly one), and the last teardown drops the run's databases.
import { applyMigrations } from "../db/migrations";
import { databaseUrl, templateDatabase, testRunId, withAdmin } from "./postgres";

interface SharedSetup {
  ready: Promise<void>;
  users: number;
}

const shared: typeof globalThis & { heraldTestTemplate?: SharedSetup } = globalThis;

async function prepareTemplate(): Promise<void> {
  const TEMPLATE_DATABASE = templateDatabase();
  await withAdmin(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS "${TEMPLATE_DATABASE}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${TEMPLATE_DATABASE}"`);
  });
  await applyMigrations(databaseUrl(TEMPLATE_DATABASE));
}

async function dropRunDatabases(): Promise<void> {
  await withAdmin(async (client) => {
    const { rows } = await client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE starts_with(datname, $1)", [`herald_test_${testRunId()}_`]);
    for (const row of rows) await client.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
  });
}

export default async function globalSetup() {
  shared.heraldTestTemplate ??= { ready: prepareTemplate(), users: 0 };
  const setup = shared.heraldTestTemplate;
  setup.users += 1;
  await setup.ready;

  return async function globalTeardown() {
    setup.users -= 1;
    if (setup.users > 0) return;
    shared.heraldTestTemplate = undefined;
    await dropRunDatabases();
  };
}
