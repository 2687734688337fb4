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
  // Spent by an API key's operation: counted against the key's credit budget (docs/agent-approvals.md),
  // checked in the same conditional UPDATE so that concurrent spends cannot overshoot it. Credits spent
  // by background work (an AI line of a campaign an agent activated) run for no key and are not counted.
  const apiKeyId = currentApiKeyId();
  if (apiKeyId) {
    const counted = await client.$executeRaw`
      UPDATE "ApiKey" SET "creditsUsed" = "creditsUsed" + ${input.amount}
      WHERE id = ${apiKeyId} AND ("creditBudget" IS NULL OR "creditsUsed" + ${input.amount} <= "creditBudget")`;
    if (counted === 0) {
      const key = await client.apiKey.findUnique({ where: { id: apiKeyId }, select: { creditBudget: true, creditsUsed: true } });
      if (key) {
        throw new HeraldError({
          code: "key-budget-exhausted",
          message: `This API key's AI credit budget does not cover this: it needs ${input.amount} and ${Math.max(0, (key.creditBudget ?? 0) - key.creditsUsed)} of its ${key.creditBudget ?? 0} remain; an admin can raise or reset its budget in Settings → API.`,
        });
      }
    }
  }
  const rows = await client.$queryRaw<Array<{ aiCreditBalance: number }>>`
    UPDATE "Workspace" SET "aiCreditBalance" = "aiCreditBalance" - ${input.amount}, "updatedAt" = ${now()}
    WHERE id = ${input.workspaceId} AND "aiCreditBalance" >= ${input.amount}
    RETURNING "aiCreditBalance"`;
  const balance = rows[0]?.aiCreditBalance;
  if (balance === undefined) {
    // Outside a transaction nothing rolls the key's count back: give the credits back to it here.
    if (apiKeyId) await client.$executeRaw`UPDATE "ApiKey" SET "creditsUsed" = GREATEST(0, "creditsUsed" - ${input.amount}) WHERE id = ${apiKeyId}`;
    throw new HeraldError({
      code: "insufficient-credits",
      message: `Not enough AI credits: this needs ${input.amount}. Add credits under Settings → AI credits.`,
    });
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
