// Runs before each test file: its own database, copied from the migrated template.
import { afterAll } from "vitest";
import { disconnectDb } from "../db/client";
import { setClock, systemClock } from "../lib/clock";
import { createDatabaseFromTemplate, dropDatabase } from "./postgres";

const database = await createDatabaseFromTemplate();
process.env.DATABASE_URL = database.url;
setClock(systemClock);

afterAll(async () => {
  await disconnectDb();
  await dropDatabase(database.name);
});
