import { db } from "../../db/client";
import { now } from "../../lib/clock";
import type { DeliveryRequest } from "./find-deliveries-to-request";

/** Records that runs were requested for these deliveries (after the request was accepted). */
export async function markDeliveriesRequested(requests: DeliveryRequest[]): Promise<void> {
  if (!requests.length) return;
  await db.webhookDelivery.updateMany({
    where: { id: { in: requests.map((request) => request.deliveryId) } },
    data: { requestedAt: now(), requestCount: { increment: 1 } },
  });
}
