// POST /api/v1/webhooks/deliveries/{id}/retry – send a failed delivery again
import { apiRoute } from "@/server/http/api-route";
import { retryWebhookDeliveryOperation } from "@/server/openapi/operations/webhooks/retry-webhook-delivery";
import { retryWebhookDelivery } from "@/server/services/webhooks/retry-webhook-delivery";

export const POST = apiRoute(retryWebhookDeliveryOperation, async ({ actor, params }) => ({
  data: await retryWebhookDelivery(actor, params.id),
}));
