// The embedded default database: PostgreSQL compiled to WebAssembly (PGlite), its data in a folder,
// served on a loopback port over PostgreSQL's wire protocol so Prisma's pg adapter uses it exactly
// like a server. One process owns the folder at a time.
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

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
    await mkdir(resolvedDir, { recursive: true });
  }
  const database = await PGlite.create(resolvedDir ?? undefined);
  // PGlite runs one statement at a time; the socket server multiplexes connections onto it and keeps
  // a transaction's statements together, so a pool of 10 behaves like a (serialized) server.
  const server = new PGLiteSocketServer({ db: database, host: "127.0.0.1", port, maxConnections: 32 });
  await server.start();
  const address = server.getServerConn();
  return {
    url: `postgresql://postgres:postgres@${address}/postgres?sslmode=disable`,
    dataDir: resolvedDir,
    async stop() {
      await server.stop();
      await database.close();
    },
  };
}
