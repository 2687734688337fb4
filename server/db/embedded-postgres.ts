// The embedded default database: PostgreSQL compiled to WebAssembly (PGlite), its data in a folder,
// served on a loopback port over PostgreSQL's wire protocol so Prisma's pg adapter uses it exactly
// like a server. One process owns the folder at a time. Clients must know its password: the data
// folder is private to Herald's user, and its port must not undo that for every local process.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { makePrivate } from "../lib/private-files";
import { servePglite } from "./pglite-server";

export interface EmbeddedPostgres {
  url: string;
  dataDir: string | null;
  /** Called when the process starts to stop: a client idle in a transaction is closed after a second. */
  stopping(): void;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** Folder for the data files; null keeps everything in memory (used for scratch databases). */
  dataDir: string | null;
  port?: number;
  /**
   * The password clients must give (HERALD_DATABASE_PASSWORD, kept in the data folder's
   * secrets.json: see prepare-database.ts); a fresh random one when none is given.
   */
  password?: string;
  /** How long a connection may hold the session idle in a transaction or batch (pglite-server.ts). */
  statementTimeoutMs?: number;
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const { dataDir, port = 0, statementTimeoutMs } = options;
  const password = options.password ?? randomBytes(24).toString("base64url");
  let resolvedDir: string | null = null;
  if (dataDir) {
    resolvedDir = path.resolve(dataDir);
    makePrivate(resolvedDir);
  }
  // pg_trgm: the company database's typeahead (trigram indexes), as on a PostgreSQL server.
  const database = await PGlite.create(resolvedDir ?? undefined, { extensions: { pg_trgm } });
  // PGlite creates its files with the process umask: an embedded database readable by every user.
  if (resolvedDir) makePrivate(resolvedDir, { recursive: true });
  // PGlite is one session: connections take turns (see pglite-server.ts), so a pool behaves like a
  // server that runs one statement batch or transaction at a time.
  const server = await servePglite(database, { port, password, statementTimeoutMs });
  return {
    url: `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${server.port}/postgres?sslmode=disable`,
    dataDir: resolvedDir,
    stopping: () => server.stopping(1_000),
    async stop() {
      await server.close();
      await database.close();
    },
  };
}
