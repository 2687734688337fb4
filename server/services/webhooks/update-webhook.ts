import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import type { TUpdateWebhookInput, TSavedWebhook } from "../../schemas/webhook";
import { checkWebhookTarget } from "./check-webhook-target";
import { findWebhook } from "./find-webhook";
import { toWebhookEndpoint } from "./to-webhook-endpoint";

/** Updates any subset of url, events, enabled and classifyReplies. Enabling clears the failure streak. */
export async function updateWebhook(actor: Actor, webhookId: string, changes: TUpdateWebhookInput): Promise<TSavedWebhook> {
  const existing = await findWebhook(actor, webhookId);
  const warnings = changes.url !== undefined ? await checkWebhookTarget(changes.url) : [];
  const reEnabling = changes.enabled === true && !existing.enabled;
  const row = await db.webhookEndpoint.update({
    where: { id: existing.id },
    data: {
      ...changes,
      ...(reEnabling ? { failureCount: 0, disabledReason: null } : {}),
      ...(changes.enabled === false ? { disabledReason: "Disabled by a user" } : {}),
      updatedAt: now(),
    },
  });
  return { endpoint: toWebhookEndpoint(row), warnings };
}
