// Whether this process can serve: for container health checks and load balancers (GET /api/health).
// A database that stops answering (the embedded one held by a stalled connection, a PostgreSQL
// server gone) makes every request hang; the check says so within a few seconds instead, and the
// log says it once when it happens and once when the database answers again.
import { db } from "../../db/client";
import { logger } from "../../lib/logger";

/** How long the database has to answer `SELECT 1`. */
export const HEALTH_DATABASE_TIMEOUT_MS = 5_000;

export interface Health {
  status: "ok" | "unavailable";
  database: "answering" | "not answering";
}

let lastAnswered = true;
/**
 * The query still under way: a check that times out leaves it waiting (for a stalled embedded
 * database, up to the statement timeout), and checks every few seconds must not queue one each in
 * front of real requests.
 */
let inflight: Promise<boolean> | null = null;

function askDatabase(ping: () => Promise<unknown>): Promise<boolean> {
  inflight ??= ping()
    .then(
      () => true,
      (error: unknown) => {
        logger.warn("The health check's database query failed", { error });
        return false;
      },
    )
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

export async function checkHealth({
  ping = () => db.$queryRaw`SELECT 1`,
  timeoutMs = HEALTH_DATABASE_TIMEOUT_MS,
}: { ping?: () => Promise<unknown>; timeoutMs?: number } = {}): Promise<Health> {
  let timer: NodeJS.Timeout | undefined;
  const answered = await Promise.race([
    askDatabase(ping),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs))),
  ]);
  clearTimeout(timer);
  if (answered !== lastAnswered) {
    if (answered) logger.info("The database answers again");
    else logger.error(`The database does not answer (the health check's query failed or took over ${timeoutMs / 1000} s): requests that need it wait or fail`);
    lastAnswered = answered;
  }
  return answered ? { status: "ok", database: "answering" } : { status: "unavailable", database: "not answering" };
}
