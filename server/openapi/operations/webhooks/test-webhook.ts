import { dataEnvelope } from "../../../schemas/common";
import { ZWebhookTestResult } from "../../../schemas/webhook";
import { defineOperation } from "../../../http/api-operation";
import { ZWebhookIdParams } from "./shared";

export const testWebhookOperation = defineOperation({
  operationId: "testWebhook",
  method: "post",
  path: "/webhooks/{id}/test",
  summary: "Send a test delivery",
  description:
    "Sends a signed `webhook.test` event at once and answers with the receiver's status and time. Never retried and no effect on the endpoint's failure streak; it appears in the deliveries log with `test: true` (its `deliveryId` is the log entry's id). Payload data: `{webhookId, message}`.",
  tags: ["Webhooks"],
  params: ZWebhookIdParams,
  response: dataEnvelope(ZWebhookTestResult),
  errors: ["not-found"],
});
