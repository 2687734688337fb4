import { listEnvelope } from "../../../schemas/common";
import { ZListDeliveriesQuery, ZWebhookDelivery } from "../../../schemas/webhook";
import { defineOperation } from "../../../http/api-operation";

export const listWebhookDeliveriesOperation = defineOperation({
  operationId: "listWebhookDeliveries",
  method: "get",
  path: "/webhooks/deliveries",
  summary: "List event deliveries",
  description:
    "All deliveries across the workspace's endpoints, newest first, with the full payload. Filter by `event`, `status` and `webhookId`. Rows are dropped 7 days after creation.",
  tags: ["Webhooks"],
  query: ZListDeliveriesQuery,
  response: listEnvelope(ZWebhookDelivery, { total: true }),
});
