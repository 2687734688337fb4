// Once per Playwright run, before any worker starts: one migrated template database that every
// Herald of the run (each worker's, and the tests' own fresh ones) copies, instead of each applying
// the migrations to an empty database. Named after the run, so two runs on one PostgreSQL server
// never share it; dropped at the end. It holds the company database too (e2e/prepare-template.ts).
import { randomBytes } from "node:crypto";
import { dropDatabase, migrateTemplate } from "./herald-server.mjs";

export default async function globalSetup() {
  // Made ahead (scripts/test.sh makes it beside the database tests, and drops it at the end).
  if (process.env.HERALD_E2E_TEMPLATE) return;
  const template = `herald_e2e_template_${randomBytes(3).toString("hex")}`;
  await migrateTemplate(template, "e2e/prepare-template.ts");
  // Workers inherit the environment of the process that runs the global setup.
  process.env.HERALD_E2E_TEMPLATE = template;
  return async () => {
    await dropDatabase(template);
  };
}
