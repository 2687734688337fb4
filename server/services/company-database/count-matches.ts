import { Prisma } from "../../db/generated/client";
import type { DbClient } from "../../db/client";
import { db } from "../../db/client";

/** Above this many matches a search's totalCount is PostgreSQL's estimate (counting would be slow). */
export const EXACT_COUNT_LIMIT = 10_000;

/**
 * How many rows match a search: exact up to EXACT_COUNT_LIMIT (a count that stops at the limit),
 * above it the planner's estimate of the same query, never less than the limit. `from` and `where`
 * are the search's own SQL fragments.
 */
export async function countMatches(from: Prisma.Sql, where: Prisma.Sql, client: DbClient = db): Promise<{ totalCount: number; totalCountIsEstimate: boolean }> {
  const rows = await client.$queryRaw<Array<{ n: number }>>`
    SELECT count(*)::int AS n FROM (SELECT 1 FROM ${from} WHERE ${where} LIMIT ${EXACT_COUNT_LIMIT + 1}) AS matches`;
  const n = rows[0]?.n ?? 0;
  if (n <= EXACT_COUNT_LIMIT) return { totalCount: n, totalCountIsEstimate: false };
  const plan = await client.$queryRaw<Array<{ "QUERY PLAN": unknown }>>`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${from} WHERE ${where}`;
  const estimate = planRows(plan[0]?.["QUERY PLAN"]);
  return { totalCount: Math.max(EXACT_COUNT_LIMIT + 1, Math.round(estimate)), totalCountIsEstimate: true };
}

function planRows(plan: unknown): number {
  const parsed = typeof plan === "string" ? (JSON.parse(plan) as unknown) : plan;
  const top = Array.isArray(parsed) ? (parsed[0] as { Plan?: { "Plan Rows"?: number } } | undefined) : undefined;
  return top?.Plan?.["Plan Rows"] ?? 0;
}
