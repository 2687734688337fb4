import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import type { TPaginationQuery } from "../../schemas/common";
import type { TCreditLedgerEntry } from "../../schemas/credits";
import { toCreditLedgerEntry } from "./to-credit-ledger-entry";

export async function listCreditLedger(
  actor: Actor,
  paging: TPaginationQuery,
): Promise<{ balance: number; entries: TCreditLedgerEntry[]; total: number }> {
  const [workspace, rows, total] = await Promise.all([
    db.workspace.findUniqueOrThrow({ where: { id: actor.workspaceId }, select: { aiCreditBalance: true } }),
    db.aiCreditLedgerEntry.findMany({
      where: { workspaceId: actor.workspaceId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: paging.limit,
      skip: paging.offset,
    }),
    db.aiCreditLedgerEntry.count({ where: { workspaceId: actor.workspaceId } }),
  ]);
  return { balance: workspace.aiCreditBalance, entries: rows.map(toCreditLedgerEntry), total };
}
