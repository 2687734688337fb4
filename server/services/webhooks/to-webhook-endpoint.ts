import type { WebhookEndpoint } from "../../db/generated/client";
import { decryptSecret } from "../../lib/encryption";
import { toIso } from "../../schemas/common";
import type { EventName } from "../../schemas/events";
import type { TWebhookEndpoint } from "../../schemas/webhook";
import { REST_HOOK } from "./rest-hook-origin";

export function toWebhookEndpoint(row: WebhookEndpoint): TWebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events as EventName[],
    enabled: row.enabled,
    classifyReplies: row.classifyReplies,
    secret: decryptSecret(row.secretEncrypted),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastDeliveryAt: toIso(row.lastDeliveryAt),
    failureCount: row.failureCount,
    disabledReason: row.disabledReason,
    createdVia: row.createdVia === REST_HOOK ? REST_HOOK : "user",
    createdByApiKeyId: row.createdByApiKeyId,
  };
}
