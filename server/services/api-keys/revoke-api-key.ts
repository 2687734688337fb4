import { db } from "../../db/client";
import { hasRole, type Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";
import type { TApiKey } from "../../schemas/api-key";
import { REST_HOOK } from "../webhooks/rest-hook-origin";
import { forgetApiKeys } from "./api-key-cache";
import { toApiKey } from "./to-api-key";

/**
 * Revokes a key at once: its next request gets 401 (in another Herald process, within the few
 * seconds api-key-cache.ts remembers a key). Admins may revoke anyone's key; members their own.
 * The REST hooks the key subscribed (POST /hooks) go with it, their deliveries too: a platform
 * holding a revoked key could no longer unsubscribe them, so they must not keep delivering.
 */
export async function revokeApiKey(actor: Actor, apiKeyId: string): Promise<TApiKey> {
  const key = await db.apiKey.findFirst({ where: { id: apiKeyId, workspaceId: actor.workspaceId } });
  if (!key) throw HeraldError.notFound("API key");
  if (key.createdById !== actor.userId && !hasRole(actor, "admin")) {
    throw new HeraldError({ code: "forbidden", message: "Only an admin can revoke another member's API key." });
  }
  const [row] = await db.$transaction([
    db.apiKey.update({
      where: { id: key.id },
      data: { revokedAt: key.revokedAt ?? now() },
      include: { createdBy: { select: { id: true, name: true, email: true } } },
    }),
    db.webhookEndpoint.deleteMany({ where: { workspaceId: key.workspaceId, createdVia: REST_HOOK, createdByApiKeyId: key.id } }),
  ]);
  forgetApiKeys();
  return toApiKey(row);
}
