// Sets an API key's budgets (actions and AI credits; null for no limit) and, when asked, sets its
// counters back to zero. Admins and owners only: a budget is a limit on its creator's key.
import { db } from "../../db/client";
import { requireNotAgentKey, requireRole, type Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";
import { parseInput } from "../../lib/zod-issues";
import { ZUpdateApiKeyBudgetInput, type TApiKey, type TUpdateApiKeyBudgetInput } from "../../schemas/api-key";
import { toApiKey } from "./to-api-key";

export async function updateApiKeyBudget(actor: Actor, input: TUpdateApiKeyBudgetInput): Promise<TApiKey> {
  requireRole(actor, "admin", "change an API key's budget");
  requireNotAgentKey(actor, "change an API key's budget");
  const { apiKeyId, actionBudget, creditBudget, reset } = parseInput(ZUpdateApiKeyBudgetInput, input);
  const key = await db.apiKey.findFirst({ where: { id: apiKeyId, workspaceId: actor.workspaceId }, select: { id: true } });
  if (!key) throw HeraldError.notFound("API key");
  const row = await db.apiKey.update({
    where: { id: key.id },
    data: {
      ...(actionBudget !== undefined ? { actionBudget } : {}),
      ...(creditBudget !== undefined ? { creditBudget } : {}),
      ...(reset ? { actionsUsed: 0, creditsUsed: 0, budgetResetAt: now() } : {}),
    },
    include: { createdBy: { select: { id: true, name: true, email: true } } },
  });
  return toApiKey(row);
}
