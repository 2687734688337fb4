// POST /api/v1/webhooks – register a webhook endpoint
// GET /api/v1/webhooks – list webhook endpoints
import { apiRoute } from "@/server/http/api-route";
import { createWebhookOperation } from "@/server/openapi/operations/webhooks/create-webhook";
import { listWebhooksOperation } from "@/server/openapi/operations/webhooks/list-webhooks";
import { createWebhook } from "@/server/services/webhooks/create-webhook";
import { listWebhooks } from "@/server/services/webhooks/list-webhooks";

export const POST = apiRoute(createWebhookOperation, async ({ actor, body }) => {
  const { endpoint, warnings } = await createWebhook(actor, body);
  return { data: endpoint, ...(warnings.length ? { warnings } : {}) };
});

export const GET = apiRoute(listWebhooksOperation, async ({ actor, query }) => {
  const { endpoints, total } = await listWebhooks(actor, query);
  return { data: endpoints, paging: { limit: query.limit, offset: query.offset, total } };
});
