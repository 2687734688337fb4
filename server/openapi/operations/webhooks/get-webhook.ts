import { dataEnvelope } from "../../../schemas/common";
import { ZWebhookEndpoint } from "../../../schemas/webhook";
import { defineOperation } from "../../../http/api-operation";
import { ZWebhookIdParams } from "./shared";

export const getWebhookOperation = defineOperation({
  operationId: "getWebhook",
  method: "get",
  path: "/webhooks/{id}",
  summary: "Get a webhook endpoint",
  tags: ["Webhooks"],
  params: ZWebhookIdParams,
  response: dataEnvelope(ZWebhookEndpoint),
  errors: ["not-found"],
});
