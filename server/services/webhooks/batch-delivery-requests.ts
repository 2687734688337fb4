import { createHash } from "node:crypto";
import type { DeliveryRequest } from "./find-deliveries-to-request";

/** Deliveries one batch run attempts at most: enough to amortize a run, few enough for one step. */
export const DELIVERY_BATCH = 100;

export interface DeliveryBatch {
  webhookId: string;
  workspaceId: string;
  deliveries: Array<{ deliveryId: string; round: number }>;
  /** Derived from the requests' own ids: asking again for the same batch starts no second run. */
  eventId: string;
}

/** Groups delivery requests into batches of one endpoint each, in the order they came. */
export function batchDeliveryRequests(requests: DeliveryRequest[], size = DELIVERY_BATCH): DeliveryBatch[] {
  const byEndpoint = new Map<string, DeliveryRequest[]>();
  for (const request of requests) {
    const group = byEndpoint.get(request.webhookId);
    if (group) group.push(request);
    else byEndpoint.set(request.webhookId, [request]);
  }
  const batches: DeliveryBatch[] = [];
  for (const [webhookId, group] of byEndpoint) {
    for (let start = 0; start < group.length; start += size) {
      const chunk = group.slice(start, start + size);
      const digest = createHash("sha1")
        .update(chunk.map((request) => request.eventId).join("\n"))
        .digest("hex");
      batches.push({
        webhookId,
        workspaceId: chunk[0]!.workspaceId,
        deliveries: chunk.map((request) => ({ deliveryId: request.deliveryId, round: request.round })),
        eventId: `${webhookId}-batch-${digest}`,
      });
    }
  }
  return batches;
}
