import { db } from "../../db/client";
import { now } from "../../lib/clock";

/** Gives back credits debited for work that did not happen. */
export async function refundAiCredits(input: { workspaceId: string; amount: number; reference?: string }): Promise<void> {
  await db.$transaction(async (tx) => {
    const workspace = await tx.workspace.update({ where: { id: input.workspaceId }, data: { aiCreditBalance: { increment: input.amount } } });
    await tx.aiCreditLedgerEntry.create({
      data: { workspaceId: input.workspaceId, amount: input.amount, balanceAfter: workspace.aiCreditBalance, reason: "refund", reference: input.reference, createdAt: now() },
    });
  });
}
