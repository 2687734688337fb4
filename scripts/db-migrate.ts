// npm run db:migrate: applies pending migrations to DATABASE_URL, or to the embedded database in
// the data folder when DATABASE_URL is unset (Herald must not be running on that folder).
import path from "node:path";
import nextEnv from "@next/env";
import { parseEnv } from "../server/env";
import { prepareDatabase } from "../server/runtime/prepare-database";

nextEnv.loadEnvConfig(process.cwd(), false);
try {
  const env = parseEnv();
  const database = await prepareDatabase({ dataDir: path.resolve(env.HERALD_DATA_DIR), databaseUrl: env.DATABASE_URL });
  console.log(`Database is up to date (${database.embedded ? `embedded, ${database.embedded.dataDir}` : "DATABASE_URL"}).`);
  await database.stop();
  process.exit(0);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
