// The embedded default database: PostgreSQL compiled to WebAssembly (PGlite), its data in a folder,
// served on a loopback port over PostgreSQL's wire protocol so Prisma's pg adapter uses it exactly
// like a server. One process owns the folder at a time.
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { makePrivate } from "../lib/private-files";
import { servePglite } from "./pglite-server";

export interface EmbeddedPostgres {
  url: string;
  dataDir: string | null;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** Folder for the data files; null keeps everything in memory (used for scratch databases). */
  dataDir: string | null;
  port?: number;
}

export async function startEmbeddedPostgres({ dataDir, port = 0 }: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
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
  const server = await servePglite(database, { port });
  return {
    url: `postgresql://postgres:postgres@127.0.0.1:${server.port}/postgres?sslmode=disable`,
    dataDir: resolvedDir,
    async stop() {
      await server.close();
      await database.close();
    },
  };
}
