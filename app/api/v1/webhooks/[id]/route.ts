// GET /api/v1/webhooks/{id} – get a webhook endpoint
// PATCH /api/v1/webhooks/{id} – update it
// DELETE /api/v1/webhooks/{id} – delete it
import { apiRoute } from "@/server/http/api-route";
import { deleteWebhookOperation } from "@/server/openapi/operations/webhooks/delete-webhook";
import { getWebhookOperation } from "@/server/openapi/operations/webhooks/get-webhook";
import { updateWebhookOperation } from "@/server/openapi/operations/webhooks/update-webhook";
import { deleteWebhook } from "@/server/services/webhooks/delete-webhook";
import { getWebhook } from "@/server/services/webhooks/get-webhook";
import { updateWebhook } from "@/server/services/webhooks/update-webhook";

export const GET = apiRoute(getWebhookOperation, async ({ actor, params }) => ({ data: await getWebhook(actor, params.id) }));

export const PATCH = apiRoute(updateWebhookOperation, async ({ actor, params, body }) => {
  const { endpoint, warnings } = await updateWebhook(actor, params.id, body);
  return { data: endpoint, ...(warnings.length ? { warnings } : {}) };
});

export const DELETE = apiRoute(deleteWebhookOperation, async ({ actor, params }) => {
  await deleteWebhook(actor, params.id);
  return { data: { id: params.id, deleted: true as const } };
});
