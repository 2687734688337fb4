// Run once per Playwright run by e2e/global-setup.ts (through migrateTemplate), with DATABASE_URL set
// to the run's template database: applies every migration, then writes the browser tests' company
// database (e2e/company-data.ts) into it, so that every Herald of the run starts with both. One
// process for the two, as the start of tsx and of the server code costs more than the writing.
import { db, disconnectDb } from "../server/db/client";
import { applyMigrations } from "../server/db/migrations";
import { generateCompanyData } from "../server/services/company-database/generate-company-data";
import { E2E_DATASET } from "./company-data";

const url = process.env.DATABASE_URL;
if (!url) throw new Error("e2e/prepare-template.ts needs DATABASE_URL, the template database");
await applyMigrations(url);
// Through the generator's own writer, which also rebuilds the filter values (the typeahead's).
await generateCompanyData(E2E_DATASET);
// Planner statistics for the copies (a database copy carries them, not the activity counts that
// would make autovacuum gather them): the searches' plans depend on them, as on a real installation.
await db.$executeRawUnsafe("ANALYZE");
await disconnectDb();
