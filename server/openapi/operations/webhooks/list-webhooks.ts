import { listEnvelope, ZPaginationQuery } from "../../../schemas/common";
import { ZWebhookEndpoint } from "../../../schemas/webhook";
import { defineOperation } from "../../../http/api-operation";

export const listWebhooksOperation = defineOperation({
  operationId: "listWebhooks",
  method: "get",
  path: "/webhooks",
  summary: "List webhook endpoints",
  description: "The workspace's endpoints, newest first, with their secrets and health.",
  tags: ["Webhooks"],
  query: ZPaginationQuery,
  response: listEnvelope(ZWebhookEndpoint, { total: true }),
});
