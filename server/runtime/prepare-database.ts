// Makes DATABASE_URL point at a migrated database: the user's PostgreSQL server, or the embedded
// one in the data folder when none is configured.
import path from "node:path";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "../db/embedded-postgres";
import { applyMigrations } from "../db/migrations";
import { logger } from "../lib/logger";
import { lockDataDir } from "./data-dir-lock";
import { makePrivate } from "../lib/private-files";

export interface PreparedDatabase {
  url: string;
  embedded: EmbeddedPostgres | null;
  stop(): Promise<void>;
}

export async function prepareDatabase(options: { dataDir: string; databaseUrl?: string }): Promise<PreparedDatabase> {
  let embedded: EmbeddedPostgres | null = null;
  let unlock = () => {};
  let url = options.databaseUrl;
  if (!url) {
    const dir = path.resolve(options.dataDir, "postgres");
    makePrivate(path.resolve(options.dataDir));
    unlock = lockDataDir(path.resolve(options.dataDir));
    embedded = await startEmbeddedPostgres({ dataDir: dir });
    url = embedded.url;
    logger.info("Started the embedded PostgreSQL (PGlite)", { dataDir: dir });
  }
  process.env.DATABASE_URL = url;
  // Code that must not hold a transaction open while another connection works (the embedded
  // database serves one transaction at a time: server/db/pglite-server.ts) asks databaseIsEmbedded().
  process.env.HERALD_EMBEDDED_DATABASE = embedded ? "1" : "";
  const applied = await applyMigrations(url);
  if (applied.length) logger.info("Applied migrations", { migrations: applied });
  return {
    url,
    embedded,
    async stop() {
      await embedded?.stop();
      unlock();
    },
  };
}
