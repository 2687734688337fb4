import { db } from "../../../db/client";
import type { Actor } from "../../../lib/actor";
import type { TSandboxWebhookReceiver } from "../../../schemas/sandbox";
import { SANDBOX_ARRIVALS_KEPT } from "./record-sandbox-webhook-arrival";
import { sandboxReceiverEnabled, sandboxReceiverUrl } from "./receiver-address";

/** The Sandbox page's receiver card: three reads, whatever the workspace holds. */
export async function getSandboxWebhookReceiver(actor: Actor): Promise<TSandboxWebhookReceiver> {
  if (!sandboxReceiverEnabled()) return { enabled: false, url: null, endpoints: [], arrivals: [] };
  const receiver = await db.sandboxWebhookReceiver.findUnique({ where: { workspaceId: actor.workspaceId } });
  if (!receiver) return { enabled: true, url: null, endpoints: [], arrivals: [] };
  const url = sandboxReceiverUrl(receiver.token);
  const [endpoints, arrivals] = await Promise.all([
    db.webhookEndpoint.findMany({ where: { workspaceId: actor.workspaceId, url }, select: { id: true, enabled: true, events: true }, orderBy: { createdAt: "asc" } }),
    db.sandboxWebhookArrival.findMany({ where: { workspaceId: actor.workspaceId }, orderBy: [{ receivedAt: "desc" }, { id: "desc" }], take: SANDBOX_ARRIVALS_KEPT }),
  ]);
  return {
    enabled: true,
    url,
    endpoints: endpoints.map((endpoint) => ({ id: endpoint.id, enabled: endpoint.enabled, events: endpoint.events.length })),
    arrivals: arrivals.map((arrival) => {
      const headers = arrival.headers as Record<string, string>;
      return {
        id: arrival.id,
        receivedAt: arrival.receivedAt.toISOString(),
        event: headers["x-herald-event"] ?? null,
        deliveryId: headers["x-herald-delivery"] ?? null,
        headers,
        body: arrival.body,
        signatureValid: arrival.signatureValid,
      };
    }),
  };
}
