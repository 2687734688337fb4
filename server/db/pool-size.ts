// How many connections each Herald process keeps to PostgreSQL.
import { env, type Env } from "../env";

/**
 * HERALD_DATABASE_POOL_SIZE, else enough for HERALD_TURN_CONCURRENCY turns at once: a turn holds a
 * connection only for a query or a short transaction, never across a call to LinkedIn, so a pool a
 * fraction of the turns' size keeps them from queueing on it.
 */
export function databasePoolSize(settings: Pick<Env, "HERALD_DATABASE_POOL_SIZE" | "HERALD_TURN_CONCURRENCY"> = env()): number {
  return settings.HERALD_DATABASE_POOL_SIZE ?? Math.max(10, Math.ceil(settings.HERALD_TURN_CONCURRENCY / 5));
}
