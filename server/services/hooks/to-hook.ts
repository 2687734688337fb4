import type { WebhookEndpoint } from "../../db/generated/client";
import { toIso } from "../../schemas/common";
import type { EventName } from "../../schemas/events";
import type { THook } from "../../schemas/hook";

/** A REST hook subscription as its API shows it: never with its secret (shown once, on subscribe). */
export function toHook(row: Pick<WebhookEndpoint, "id" | "url" | "events" | "enabled" | "classifyReplies" | "createdByApiKeyId" | "createdAt" | "lastDeliveryAt" | "failureCount" | "disabledReason">): THook {
  return {
    id: row.id,
    targetUrl: row.url,
    events: row.events as EventName[],
    enabled: row.enabled,
    classifyReplies: row.classifyReplies,
    apiKeyId: row.createdByApiKeyId,
    createdAt: row.createdAt.toISOString(),
    lastDeliveryAt: toIso(row.lastDeliveryAt),
    failureCount: row.failureCount,
    disabledReason: row.disabledReason,
  };
}
