import { db } from "../../db/client";
import { hasRole, type Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";
import { now } from "../../lib/clock";
import type { TCreateApiKeyInput, TCreatedApiKey } from "../../schemas/api-key";
import { generateApiKey } from "./api-key-format";
import { toApiKey } from "./to-api-key";

/** Creates a key acting as the actor in the actor's workspace. The full key is returned only here. */
export async function createApiKey(actor: Actor, input: TCreateApiKeyInput): Promise<TCreatedApiKey> {
  const { name, actionBudget, creditBudget, agentKey } = input;
  if ((actionBudget != null || creditBudget != null) && !hasRole(actor, "admin")) {
    throw new HeraldError({ code: "forbidden", message: "Only a workspace admin or owner can set an API key's budget." });
  }
  const { key, prefix, hashedKey } = generateApiKey();
  const row = await db.apiKey.create({
    data: { workspaceId: actor.workspaceId, createdById: actor.userId, name, prefix, hashedKey, actionBudget, creditBudget, agentKey: agentKey ?? false, createdAt: now() },
    include: { createdBy: { select: { id: true, name: true, email: true } } },
  });
  return { apiKey: toApiKey(row), key };
}
