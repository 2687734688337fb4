// GET /api/v1/webhooks/deliveries/{id} – a delivery with its attempt history
import { apiRoute } from "@/server/http/api-route";
import { getWebhookDeliveryOperation } from "@/server/openapi/operations/webhooks/get-webhook-delivery";
import { getWebhookDelivery } from "@/server/services/webhooks/get-webhook-delivery";

export const GET = apiRoute(getWebhookDeliveryOperation, async ({ actor, params }) => ({
  data: await getWebhookDelivery(actor, params.id),
}));
