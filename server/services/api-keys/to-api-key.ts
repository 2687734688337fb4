import type { ApiKey, User } from "../../db/generated/client";
import { toIso } from "../../schemas/common";
import type { TApiKey } from "../../schemas/api-key";

export function toApiKey(row: ApiKey & { createdBy: Pick<User, "id" | "name" | "email"> }): TApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdBy: { id: row.createdBy.id, name: row.createdBy.name, email: row.createdBy.email },
    lastUsedAt: toIso(row.lastUsedAt),
    revokedAt: toIso(row.revokedAt),
    createdAt: row.createdAt.toISOString(),
    agentKey: row.agentKey,
    budget: {
      actions: row.actionBudget,
      actionsUsed: row.actionsUsed,
      credits: row.creditBudget,
      creditsUsed: row.creditsUsed,
      resetAt: toIso(row.budgetResetAt),
    },
  };
}
