import { db, type DbClient } from "../../db/client";
import { currentApiKeyId } from "../../lib/api-key-context";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";
import type { TCreditReason } from "../../schemas/credits";

export interface DebitAiCreditsInput {
  workspaceId: string;
  amount: number;
  reason: Exclude<TCreditReason, "grant" | "refund">;
  reference?: string;
  userId?: string;
}

/**
 * Spends credits atomically: the balance never goes below zero, and the ledger entry is written in the
 * same transaction when a client is passed. Throws 402 `insufficient-credits` when the balance is short.
 * Pass a transaction client to make the debit part of a larger change.
 */
export async function debitAiCredits(input: DebitAiCreditsInput, client: DbClient = db): Promise<{ balance: number }> {
  if (!Number.isInteger(input.amount) || input.amount <= 0) {
    throw new Error(`debitAiCredits needs a positive integer amount, got ${input.amount}`);
  }
  const rows = await client.$queryRaw<Array<{ aiCreditBalance: number }>>`
    UPDATE "Workspace" SET "aiCreditBalance" = "aiCreditBalance" - ${input.amount}, "updatedAt" = ${now()}
    WHERE id = ${input.workspaceId} AND "aiCreditBalance" >= ${input.amount}
    RETURNING "aiCreditBalance"`;
  const balance = rows[0]?.aiCreditBalance;
  if (balance === undefined) {
    throw new HeraldError({
      code: "insufficient-credits",
      message: `Not enough AI credits: this needs ${input.amount}. Add credits under Settings → AI credits.`,
    });
  }
  // Spent by an API key's operation: counted against the key's credit budget (docs/agent-approvals.md).
  const apiKeyId = currentApiKeyId();
  if (apiKeyId) {
    await client.$executeRaw`UPDATE "ApiKey" SET "creditsUsed" = "creditsUsed" + ${input.amount} WHERE id = ${apiKeyId}`;
  }
  await client.aiCreditLedgerEntry.create({
    data: {
      workspaceId: input.workspaceId,
      amount: -input.amount,
      balanceAfter: balance,
      reason: input.reason,
      reference: input.reference,
      createdById: input.userId,
      apiKeyId,
      createdAt: now(),
    },
  });
  return { balance };
}
