import type { WebhookEndpoint } from "../../db/generated/client";
import { db } from "../../db/client";
import { logger } from "../../lib/logger";
import { GONE_STATUS, REST_HOOK } from "./rest-hook-origin";

/**
 * Removes a REST hook subscription whose target answered 410 Gone to a delivery, with its delivery
 * log; other endpoints are left to the failure streak. Only the endpoint the delivery belonged to,
 * and only while it still points at the address that answered (a subscription moved to another
 * address since is kept), so a target can unsubscribe nothing but its own subscription. Returns
 * whether it removed one.
 */
export async function removeGoneRestHook(
  endpoint: Pick<WebhookEndpoint, "id" | "workspaceId" | "createdVia">,
  answered: { url: string; status: number | null },
): Promise<boolean> {
  if (endpoint.createdVia !== REST_HOOK || answered.status !== GONE_STATUS) return false;
  const { count } = await db.webhookEndpoint.deleteMany({ where: { id: endpoint.id, createdVia: REST_HOOK, url: answered.url } });
  if (count) {
    // The host only: a platform's hook URL carries its own secret path.
    logger.info("REST hook subscription removed: its target answered 410 Gone", {
      workspaceId: endpoint.workspaceId,
      webhookId: endpoint.id,
      host: new URL(answered.url).host,
    });
  }
  return count > 0;
}
