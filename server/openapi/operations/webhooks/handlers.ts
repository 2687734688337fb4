// The handlers of the webhooks operations: what each answers, beside its operation in this folder.
// Listed in server/openapi/registry.ts, wrapped by server/http/api-handler.ts (authentication,
// validation, idempotency, errors). Kept apart from the operation files, which the OpenAPI document
// and the dashboard's API reference import without the services.
import { apiHandler } from "../../../http/api-handler";
import { createWebhook } from "../../../services/webhooks/create-webhook";
import { deleteWebhook } from "../../../services/webhooks/delete-webhook";
import { getWebhook } from "../../../services/webhooks/get-webhook";
import { getWebhookDelivery } from "../../../services/webhooks/get-webhook-delivery";
import { listWebhookDeliveries } from "../../../services/webhooks/list-webhook-deliveries";
import { listWebhooks } from "../../../services/webhooks/list-webhooks";
import { retryWebhookDelivery } from "../../../services/webhooks/retry-webhook-delivery";
import { testWebhook } from "../../../services/webhooks/test-webhook";
import { updateWebhook } from "../../../services/webhooks/update-webhook";
import { createWebhookOperation } from "./create-webhook";
import { deleteWebhookOperation } from "./delete-webhook";
import { getWebhookOperation } from "./get-webhook";
import { getWebhookDeliveryOperation } from "./get-webhook-delivery";
import { listWebhookDeliveriesOperation } from "./list-webhook-deliveries";
import { listWebhooksOperation } from "./list-webhooks";
import { retryWebhookDeliveryOperation } from "./retry-webhook-delivery";
import { testWebhookOperation } from "./test-webhook";
import { updateWebhookOperation } from "./update-webhook";

export const webhooksHandlers = [
  // GET /api/v1/webhooks – list webhook endpoints
  apiHandler(listWebhooksOperation, async ({ actor, query }) => {
    const { endpoints, total } = await listWebhooks(actor, query);
    return { data: endpoints, paging: { limit: query.limit, offset: query.offset, total } };
  }),
  // POST /api/v1/webhooks – register a webhook endpoint
  apiHandler(createWebhookOperation, async ({ actor, body }) => {
    const { endpoint, warnings } = await createWebhook(actor, body);
    return { data: endpoint, ...(warnings.length ? { warnings } : {}) };
  }),
  // GET /api/v1/webhooks/{id} – get a webhook endpoint
  apiHandler(getWebhookOperation, async ({ actor, params }) => ({ data: await getWebhook(actor, params.id) })),
  // PATCH /api/v1/webhooks/{id} – update it
  apiHandler(updateWebhookOperation, async ({ actor, params, body }) => {
    const { endpoint, warnings } = await updateWebhook(actor, params.id, body);
    return { data: endpoint, ...(warnings.length ? { warnings } : {}) };
  }),
  // DELETE /api/v1/webhooks/{id} – delete it
  apiHandler(deleteWebhookOperation, async ({ actor, params }) => {
    await deleteWebhook(actor, params.id);
    return { data: { id: params.id, deleted: true as const } };
  }),
  // POST /api/v1/webhooks/{id}/test – send a test delivery and report the answer
  apiHandler(testWebhookOperation, async ({ actor, params }) => ({ data: await testWebhook(actor, params.id) })),
  // GET /api/v1/webhooks/deliveries – event deliveries across the workspace's endpoints
  apiHandler(listWebhookDeliveriesOperation, async ({ actor, query }) => {
    const { deliveries, total } = await listWebhookDeliveries(actor, query);
    return { data: deliveries, paging: { limit: query.limit, offset: query.offset, total } };
  }),
  // GET /api/v1/webhooks/deliveries/{id} – a delivery with its attempt history
  apiHandler(getWebhookDeliveryOperation, async ({ actor, params }) => ({
    data: await getWebhookDelivery(actor, params.id),
  })),
  // POST /api/v1/webhooks/deliveries/{id}/retry – send a failed delivery again
  apiHandler(retryWebhookDeliveryOperation, async ({ actor, params }) => ({
    data: await retryWebhookDelivery(actor, params.id),
  })),
];
