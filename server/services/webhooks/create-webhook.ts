import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { encryptSecret } from "../../lib/encryption";
import type { TCreateWebhookInput, TSavedWebhook } from "../../schemas/webhook";
import { checkWebhookTarget } from "./check-webhook-target";
import { toWebhookEndpoint } from "./to-webhook-endpoint";
import { generateWebhookSecret } from "./webhook-signature";

/** Registers an endpoint; `warnings` say what was accepted with a caveat (a host that does not resolve yet). */
export async function createWebhook(actor: Actor, input: TCreateWebhookInput): Promise<TSavedWebhook> {
  const { url, events, classifyReplies } = input;
  const warnings = await checkWebhookTarget(url);
  const at = now();
  const row = await db.webhookEndpoint.create({
    data: {
      workspaceId: actor.workspaceId,
      url,
      events,
      classifyReplies,
      secretEncrypted: encryptSecret(generateWebhookSecret()),
      createdAt: at,
      updatedAt: at,
    },
  });
  return { endpoint: toWebhookEndpoint(row), warnings };
}
