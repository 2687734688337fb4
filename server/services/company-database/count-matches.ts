import type { Prisma } from "../../db/generated/client";
import { db, type DbClient } from "../../db/client";
import { env } from "../../env";

/** What the search knows from its page: a first page that is not full holds every match. */
export interface CountHint {
  /** Rows the page query returns (it reads one past the page): awaited last, so the count runs beside it. */
  rows: Promise<number>;
  limit: number;
  /** Whether this is the first page (no cursor). */
  first: boolean;
}

/**
 * How many rows match a search. Exact when the first page holds them all, or when PostgreSQL expects
 * at most HERALD_SEARCH_EXACT_COUNT_UP_TO (default 1,000): then they are counted (the count stops one
 * past that). Above, counting would read every match on a large database, so `totalCount` is the
 * planner's estimate of the same query (about 1 ms) with `totalCountIsEstimate` true — never less than
 * the rows the search has already seen. `from` and `where` are the search's own SQL fragments.
 */
export async function countMatches(
  from: Prisma.Sql,
  where: Prisma.Sql,
  hint: CountHint,
  client: DbClient = db,
): Promise<{ totalCount: number; totalCountIsEstimate: boolean }> {
  // A failed page query is the search's error, reported by its own await; until this count reaches
  // the rows, it must not count as an unhandled rejection (which stops the process).
  hint.rows.catch(() => undefined);
  const exactUpTo = env().HERALD_SEARCH_EXACT_COUNT_UP_TO;
  const estimate = await plannerEstimate(from, where, client);
  let counted: number | null = null;
  if (estimate <= exactUpTo) {
    const rows = await client.$queryRaw<Array<{ n: number }>>`
      SELECT count(*)::int AS n FROM (SELECT 1 FROM ${from} WHERE ${where} LIMIT ${exactUpTo + 1}) AS matches`;
    counted = rows[0]?.n ?? 0;
  }
  const pageRows = await hint.rows;
  if (hint.first && pageRows <= hint.limit) return { totalCount: pageRows, totalCountIsEstimate: false };
  if (counted !== null && counted <= exactUpTo) return { totalCount: counted, totalCountIsEstimate: false };
  const seen = hint.first ? pageRows : hint.limit + 1;
  return { totalCount: Math.max(exactUpTo + 1, seen, Math.round(estimate)), totalCountIsEstimate: true };
}

async function plannerEstimate(from: Prisma.Sql, where: Prisma.Sql, client: DbClient): Promise<number> {
  const plan = await client.$queryRaw<Array<{ "QUERY PLAN": unknown }>>`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${from} WHERE ${where}`;
  const raw = plan[0]?.["QUERY PLAN"];
  const parsed = typeof raw === "string" ? (JSON.parse(raw) as unknown) : raw;
  const top = Array.isArray(parsed) ? (parsed[0] as { Plan?: { "Plan Rows"?: number } } | undefined) : undefined;
  return top?.Plan?.["Plan Rows"] ?? 0;
}
