import { db, type DbClient } from "../../db/client";
import { now } from "../../lib/clock";

/**
 * Gives back credits debited for work that did not happen. Pass a transaction client to make the
 * refund part of a larger change (the step it refunds recorded with it).
 */
export async function refundAiCredits(input: { workspaceId: string; amount: number; reference?: string }, client?: DbClient): Promise<void> {
  const refund = async (tx: DbClient) => {
    const workspace = await tx.workspace.update({ where: { id: input.workspaceId }, data: { aiCreditBalance: { increment: input.amount } } });
    await tx.aiCreditLedgerEntry.create({
      data: { workspaceId: input.workspaceId, amount: input.amount, balanceAfter: workspace.aiCreditBalance, reason: "refund", reference: input.reference, createdAt: now() },
    });
  };
  if (client) await refund(client);
  else await db.$transaction((tx) => refund(tx));
}
