// Adds credits to a workspace with the ledger row that says who added them. No permission check:
// only the callers that have made one use it — an instance administrator's grant
// (grant-ai-credits.ts), a purchase the billing provider confirmed (record-credit-purchase.ts) and the
// demo's welcome credits. Nothing a workspace member reaches calls it directly.
import { db, type DbClient } from "../../db/client";
import { now } from "../../lib/clock";
import type { TCreditGrantSource, TCreditLedgerEntry } from "../../schemas/credits";
import { toCreditLedgerEntry } from "./to-credit-ledger-entry";

export const grantSourceNames: Record<Exclude<TCreditGrantSource, "instance-admin" | "legacy">, string> = {
  stripe: "Billing (Stripe)",
  sandbox: "Sandbox billing",
  welcome: "Welcome credits",
};

export interface AddAiCreditsInput {
  workspaceId: string;
  amount: number;
  source: TCreditGrantSource;
  /** Who, in words, as they are now (kept as written: the ledger is a record). */
  grantedBy: string;
  reference?: string | null;
  /** The instance administrator who granted them. */
  userId?: string | null;
}

export async function addAiCredits(input: AddAiCreditsInput, client?: DbClient): Promise<TCreditLedgerEntry> {
  if (!Number.isInteger(input.amount) || input.amount <= 0) throw new Error(`addAiCredits needs a positive integer amount, got ${input.amount}`);
  const write = async (tx: DbClient) => {
    const workspace = await tx.workspace.update({ where: { id: input.workspaceId }, data: { aiCreditBalance: { increment: input.amount } } });
    const entry = await tx.aiCreditLedgerEntry.create({
      data: {
        workspaceId: input.workspaceId,
        amount: input.amount,
        balanceAfter: workspace.aiCreditBalance,
        reason: "grant",
        reference: input.reference ?? null,
        createdById: input.userId ?? null,
        grantSource: input.source,
        grantedBy: input.grantedBy,
        createdAt: now(),
      },
    });
    return toCreditLedgerEntry(entry);
  };
  return client ? write(client) : db.$transaction((tx) => write(tx));
}
