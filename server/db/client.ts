// The Prisma client, created on first use from DATABASE_URL (which the runtime sets to the embedded
// PostgreSQL when the user gave none) and cached on globalThis so every module copy shares one pool.
import { PrismaPg } from "@prisma/adapter-pg";
import { env } from "../env";
import { PrismaClient, Prisma } from "./generated/client";
import { databasePoolSize } from "./pool-size";

export { Prisma };
export { databasePoolSize };
export type Db = PrismaClient;
/** The client or an open transaction: services that compose inside a transaction accept either. */
export type DbClient = PrismaClient | Prisma.TransactionClient;

const slot: typeof globalThis & { __heraldDb?: PrismaClient; __heraldDbUrl?: string } = globalThis;

/**
 * How long a transaction may wait for a pool connection. Prisma's default (2 s) answered 500
 * "Unable to start a transaction in the given time" to writes under 150 concurrent API clients while
 * plain queries, which pg's pool queues without limit, kept waiting their turn: a write now waits in
 * the same queue as long as a request reasonably can.
 */
const TRANSACTION_MAX_WAIT_MS = 30_000;

/**
 * `statementTimeoutMs`: PostgreSQL ends a statement that runs, or a transaction left idle, this long
 * (HERALD_DATABASE_STATEMENT_TIMEOUT). Not sent to the embedded database, which bounds idle
 * transactions itself and cannot interrupt a statement (pglite-server.ts).
 */
export function createDbClient(connectionString: string, poolSize = 10, statementTimeoutMs?: number): PrismaClient {
  const timeouts = statementTimeoutMs ? { statement_timeout: statementTimeoutMs, idle_in_transaction_session_timeout: statementTimeoutMs } : {};
  const adapter = new PrismaPg({ connectionString, max: poolSize, ...timeouts });
  return new PrismaClient({ adapter, transactionOptions: { maxWait: TRANSACTION_MAX_WAIT_MS } });
}

export function getDb(): PrismaClient {
  const url = process.env.DATABASE_URL;
  if (!url) {
    throw new Error("DATABASE_URL is not set: start Herald with `npm start` (it starts the embedded database) or set it.");
  }
  if (!slot.__heraldDb || slot.__heraldDbUrl !== url) {
    void slot.__heraldDb?.$disconnect();
    slot.__heraldDb = createDbClient(url, databasePoolSize(), databaseIsEmbedded() ? undefined : env().HERALD_DATABASE_STATEMENT_TIMEOUT * 1000);
    slot.__heraldDbUrl = url;
  }
  return slot.__heraldDb;
}

/** `db.campaign.findMany(...)`: the shared client, resolved lazily. */
export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, property) {
    const client = getDb();
    const value = Reflect.get(client, property, client);
    return typeof value === "function" ? value.bind(client) : value;
  },
});

export async function disconnectDb(): Promise<void> {
  await slot.__heraldDb?.$disconnect();
  slot.__heraldDb = undefined;
  slot.__heraldDbUrl = undefined;
}

/**
 * Whether Herald runs on its embedded PostgreSQL (PGlite), which serves one session: while a
 * transaction is open, every other connection waits for it to end. A transaction that waits on work
 * done through another connection would wait for itself there.
 */
export function databaseIsEmbedded(): boolean {
  return process.env.HERALD_EMBEDDED_DATABASE === "1";
}
