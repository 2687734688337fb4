import { db, type DbClient } from "../../db/client";
import { HeraldError, isHeraldError } from "../../lib/errors";
import { debitAiCredits } from "../credits/debit-ai-credits";

export interface SearchCharge {
  charged: number;
  balance: number;
}

/**
 * Charges a number of company-database people (adding them to leads): one AI credit each, debited
 * with its ledger row in one transaction (the balance never goes below zero, so parallel requests
 * cannot overdraw). A number the balance cannot cover is refused whole with 402
 * `insufficient-credits`, `details.balance` and `details.cost`, and nothing is debited. Search pages
 * are charged by chargeSearchResults instead, which leaves out what the workspace already paid for.
 */
export async function chargeSearch(
  input: { workspaceId: string; userId?: string; results: number; reason: "company-search" | "people-search"; reference: string },
  client?: DbClient,
): Promise<SearchCharge> {
  if (input.results === 0) {
    const workspace = await (client ?? db).workspace.findUniqueOrThrow({ where: { id: input.workspaceId }, select: { aiCreditBalance: true } });
    return { charged: 0, balance: workspace.aiCreditBalance };
  }
  const debit = (tx: DbClient) =>
    debitAiCredits({ workspaceId: input.workspaceId, amount: input.results, reason: input.reason, reference: input.reference, userId: input.userId }, tx);
  try {
    const { balance } = client ? await debit(client) : await db.$transaction((tx) => debit(tx));
    return { charged: input.results, balance };
  } catch (error) {
    if (!isHeraldError(error) || error.code !== "insufficient-credits") throw error;
    // The caller's client: on the embedded database another connection would wait for its transaction.
    const workspace = await (client ?? db).workspace.findUniqueOrThrow({ where: { id: input.workspaceId }, select: { aiCreditBalance: true } });
    throw insufficientCreditsError({ kind: input.reason === "company-search" ? "company" : "person", cost: input.results, balance: workspace.aiCreditBalance });
  }
}

/** The 402 of a charge the balance cannot cover, in words, with `details.balance` and `details.cost`. */
export function insufficientCreditsError({ kind, cost, balance }: { kind: "company" | "person"; cost: number; balance: number }): HeraldError {
  const one = cost === 1;
  const noun = kind === "company" ? (one ? "company" : "companies") : one ? "person" : "people";
  const what = one ? `this ${noun} costs 1 credit` : `these ${cost} ${noun} cost ${cost} credits`;
  return new HeraldError({
    code: "insufficient-credits",
    message: `Not enough AI credits: ${what} and the workspace has ${balance}. Ask for fewer results (limit) or add credits under Settings → AI credits.`,
    details: { balance, cost },
  });
}
