// GET /api/v1/webhooks/deliveries – event deliveries across the workspace's endpoints
import { apiRoute } from "@/server/http/api-route";
import { listWebhookDeliveriesOperation } from "@/server/openapi/operations/webhooks/list-webhook-deliveries";
import { listWebhookDeliveries } from "@/server/services/webhooks/list-webhook-deliveries";

export const GET = apiRoute(listWebhookDeliveriesOperation, async ({ actor, query }) => {
  const { deliveries, total } = await listWebhookDeliveries(actor, query);
  return { data: deliveries, paging: { limit: query.limit, offset: query.offset, total } };
});
