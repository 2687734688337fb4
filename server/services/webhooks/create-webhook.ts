import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { encryptSecret } from "../../lib/encryption";
import { parseInput } from "../../lib/zod-issues";
import { ZCreateWebhookInput, type TWebhookEndpoint } from "../../schemas/webhook";
import { checkWebhookTarget } from "./check-webhook-target";
import { toWebhookEndpoint } from "./to-webhook-endpoint";
import { generateWebhookSecret } from "./webhook-signature";

export async function createWebhook(actor: Actor, input: unknown): Promise<TWebhookEndpoint> {
  const { url, events, classifyReplies } = parseInput(ZCreateWebhookInput, input);
  await checkWebhookTarget(url);
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
  return toWebhookEndpoint(row);
}
