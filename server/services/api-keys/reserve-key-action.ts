// Counts one write against an API key's budgets before it runs (docs/agent-approvals.md): one
// conditional UPDATE, so that concurrent writes cannot overshoot the action budget — of N+1 writes
// racing for the last action, one gets it. A write that then fails gives its action back
// (release-key-action.ts): the budget counts writes performed.
import { db } from "../../db/client";
import { HeraldError } from "../../lib/errors";

export async function reserveKeyAction(apiKeyId: string): Promise<void> {
  const counted = await db.$executeRaw`
    UPDATE "ApiKey" SET "actionsUsed" = "actionsUsed" + 1
    WHERE id = ${apiKeyId}
      AND ("actionBudget" IS NULL OR "actionsUsed" < "actionBudget")
      AND ("creditBudget" IS NULL OR "creditsUsed" < "creditBudget")`;
  if (counted === 1) return;
  const key = await db.apiKey.findUnique({ where: { id: apiKeyId }, select: { actionBudget: true, actionsUsed: true, creditBudget: true, creditsUsed: true } });
  if (!key) return;
  throw budgetExhausted(key);
}

export interface KeyBudgets {
  actionBudget: number | null;
  actionsUsed: number;
  creditBudget: number | null;
  creditsUsed: number;
}

/** The refusal of a write by a key whose budget is used up, or null while both budgets have room. */
export function budgetRefusal(key: KeyBudgets): HeraldError | null {
  if (key.actionBudget !== null && key.actionsUsed >= key.actionBudget) return budgetExhausted(key);
  if (key.creditBudget !== null && key.creditsUsed >= key.creditBudget) return budgetExhausted(key);
  return null;
}

function budgetExhausted(key: KeyBudgets): HeraldError {
  const where = "an admin can raise or reset its budget in Settings → API";
  const message =
    key.actionBudget !== null && key.actionsUsed >= key.actionBudget
      ? `This API key has used its ${plural(key.actionBudget, "action")}; ${where}.`
      : `This API key has spent its ${plural(key.creditBudget ?? 0, "AI credit")}; ${where}.`;
  return new HeraldError({ code: "key-budget-exhausted", message });
}

function plural(count: number, noun: string): string {
  return `${count.toLocaleString("en")} ${noun}${count === 1 ? "" : "s"}`;
}
