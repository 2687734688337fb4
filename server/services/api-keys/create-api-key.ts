import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import type { TCreateApiKeyInput, TCreatedApiKey } from "../../schemas/api-key";
import { generateApiKey } from "./api-key-format";
import { toApiKey } from "./to-api-key";

/** Creates a key acting as the actor in the actor's workspace. The full key is returned only here. */
export async function createApiKey(actor: Actor, input: TCreateApiKeyInput): Promise<TCreatedApiKey> {
  const { name } = input;
  const { key, prefix, hashedKey } = generateApiKey();
  const row = await db.apiKey.create({
    data: { workspaceId: actor.workspaceId, createdById: actor.userId, name, prefix, hashedKey, createdAt: now() },
    include: { createdBy: { select: { id: true, name: true, email: true } } },
  });
  return { apiKey: toApiKey(row), key };
}
