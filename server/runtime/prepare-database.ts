// Makes DATABASE_URL point at a migrated database: the user's PostgreSQL server, or the embedded
// one in the data folder when none is configured.
import path from "node:path";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "../db/embedded-postgres";
import { applyMigrations } from "../db/migrations";
import { logger } from "../lib/logger";
import { lockDataDir } from "./data-dir-lock";
import { makePrivate } from "../lib/private-files";
import { ensureSecrets } from "./secrets";

export interface PreparedDatabase {
  url: string;
  embedded: EmbeddedPostgres | null;
  stop(): Promise<void>;
}

export interface PrepareDatabaseOptions {
  dataDir: string;
  databaseUrl?: string;
  /** HERALD_DATABASE_STATEMENT_TIMEOUT for the embedded database (pglite-server.ts); its default else. */
  statementTimeoutMs?: number;
}

export async function prepareDatabase(options: PrepareDatabaseOptions): Promise<PreparedDatabase> {
  let embedded: EmbeddedPostgres | null = null;
  let unlock = () => {};
  let url = options.databaseUrl;
  if (!url) {
    const dir = path.resolve(options.dataDir, "postgres");
    makePrivate(path.resolve(options.dataDir));
    unlock = lockDataDir(path.resolve(options.dataDir));
    // Its password lives with the other generated secrets (or in HERALD_DATABASE_PASSWORD): any
    // local process could otherwise read and change the data through its port.
    ensureSecrets(path.resolve(options.dataDir), ["HERALD_DATABASE_PASSWORD"]);
    const password = process.env.HERALD_DATABASE_PASSWORD!;
    embedded = await startEmbeddedPostgres({ dataDir: dir, password, statementTimeoutMs: options.statementTimeoutMs });
    url = embedded.url;
    logger.info("Started the embedded PostgreSQL (PGlite)", { dataDir: dir, port: Number(new URL(url).port) });
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
