import { listEnvelope, ZPaginationQuery } from "../../../schemas/common";
import { ZWebhookEndpoint } from "../../../schemas/webhook";
import { defineOperation } from "../../../http/api-operation";

export const listWebhooksOperation = defineOperation({
  operationId: "listWebhooks",
  method: "get",
  path: "/webhooks",
  summary: "List webhook endpoints",
  description:
    "The workspace's endpoints, newest first, with their secrets and health. Subscriptions that Zapier, Make or n8n made through POST /hooks are among them, with `createdVia: \"rest-hook\"` and the `createdByApiKeyId` of the key that made them.",
  tags: ["Webhooks"],
  query: ZPaginationQuery,
  response: listEnvelope(ZWebhookEndpoint, { total: true }),
});
