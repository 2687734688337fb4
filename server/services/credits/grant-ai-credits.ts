import { db } from "../../db/client";
import { requireBillingPermission, type Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import type { TGrantCreditsInput, TCreditLedgerEntry } from "../../schemas/credits";
import { toCreditLedgerEntry } from "./to-credit-ledger-entry";

/** Adds credits to the actor's workspace (a purchase or a manual top-up); needs billing permission. */
export async function grantAiCredits(actor: Actor, input: TGrantCreditsInput): Promise<TCreditLedgerEntry> {
  const { amount, reference } = input;
  requireBillingPermission(actor, "add AI credits");
  return db.$transaction(async (tx) => {
    const workspace = await tx.workspace.update({
      where: { id: actor.workspaceId },
      data: { aiCreditBalance: { increment: amount } },
    });
    const entry = await tx.aiCreditLedgerEntry.create({
      data: {
        workspaceId: actor.workspaceId,
        amount,
        balanceAfter: workspace.aiCreditBalance,
        reason: "grant",
        reference,
        createdById: actor.userId,
        createdAt: now(),
      },
    });
    return toCreditLedgerEntry(entry);
  });
}
