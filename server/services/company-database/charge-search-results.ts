import { db, type DbClient } from "../../db/client";
import { now } from "../../lib/clock";
import { isHeraldError } from "../../lib/errors";
import { PAID_RESULT_WINDOW_MS } from "../../schemas/company-database";
import { debitAiCredits } from "../credits/debit-ai-credits";
import { insufficientCreditsError } from "./charge-search";

export type PaidResultKind = "company" | "person";

export interface SearchResultsCharge {
  /** Credits this page cost: one per result not already paid for within the window. */
  charged: number;
  /** Results of the page the workspace had paid for within the window: free this time. */
  alreadyPaid: number;
  balance: number;
}

const REASONS = { company: "company-search", person: "people-search" } as const;
const NOUNS = { company: ["company", "companies"], person: ["person", "people"] } as const;

/**
 * Charges a page of search results: one AI credit per result the workspace has not paid for in the
 * last 24 hours (PAID_RESULT_WINDOW_MS). A re-sort, the same search again, or another search that
 * returns results already paid for charges only the new ones; a result paid for more than 24 hours
 * ago is charged again (and its window starts over).
 *
 * One transaction of at most three statements, however many results: an upsert of the page's rows
 * of PaidDatabaseResult that returns the rows it wrote (new ones, and ones whose window had ended:
 * those are what is charged), then the debit and its ledger row. Concurrent searches are safe: a
 * second transaction upserting a row the first has written waits for the first to end, then sees
 * it paid (no double charge) or, when the first rolled back, writes and charges it itself (no
 * result goes unpaid). Rows are written in id order, so two pages never wait on each other in a
 * cycle. A page the balance cannot cover is a 402 `insufficient-credits` (`details.cost` is what
 * this page would charge) and rolls back whole: nothing is debited and nothing counts as paid.
 */
export async function chargeSearchResults(input: { workspaceId: string; userId?: string; kind: PaidResultKind; resultIds: readonly number[] }): Promise<SearchResultsCharge> {
  const ids = [...new Set(input.resultIds)].sort((a, b) => a - b);
  if (!ids.length) return { charged: 0, alreadyPaid: 0, balance: await balanceOf(db, input.workspaceId) };
  const paidAt = now();
  const windowStart = new Date(paidAt.getTime() - PAID_RESULT_WINDOW_MS);
  return db.$transaction(async (tx) => {
    const fresh = await tx.$queryRaw<Array<{ resultId: number }>>`
      INSERT INTO "PaidDatabaseResult" ("workspaceId", kind, "resultId", "paidAt")
      SELECT ${input.workspaceId}, ${input.kind}, page.id, ${paidAt.toISOString()}::timestamptz AT TIME ZONE 'UTC'
      FROM unnest(${ids}::int[]) WITH ORDINALITY AS page(id, position) ORDER BY page.position
      ON CONFLICT ("workspaceId", kind, "resultId") DO UPDATE SET "paidAt" = EXCLUDED."paidAt"
      WHERE "PaidDatabaseResult"."paidAt" <= (${windowStart.toISOString()}::timestamptz AT TIME ZONE 'UTC')
      RETURNING "resultId"`;
    const charged = fresh.length;
    const alreadyPaid = ids.length - charged;
    if (!charged) return { charged, alreadyPaid, balance: await balanceOf(tx, input.workspaceId) };
    const [one, many] = NOUNS[input.kind];
    const reference = `${input.kind === "company" ? "Company" : "People"} search: ${charged} new ${charged === 1 ? one : many}${alreadyPaid ? `, ${alreadyPaid} already paid for in the last 24 hours` : ""}`;
    try {
      const { balance } = await debitAiCredits({ workspaceId: input.workspaceId, amount: charged, reason: REASONS[input.kind], reference, userId: input.userId }, tx);
      return { charged, alreadyPaid, balance };
    } catch (error) {
      if (!isHeraldError(error) || error.code !== "insufficient-credits") throw error;
      // Thrown inside the transaction, so the rows written above roll back with it.
      throw insufficientCreditsError({ kind: input.kind, cost: charged, balance: await balanceOf(tx, input.workspaceId) });
    }
  });
}

async function balanceOf(client: DbClient, workspaceId: string): Promise<number> {
  return (await client.workspace.findUniqueOrThrow({ where: { id: workspaceId }, select: { aiCreditBalance: true } })).aiCreditBalance;
}
