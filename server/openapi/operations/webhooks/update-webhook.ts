import { dataEnvelope } from "../../../schemas/common";
import { ZUpdateWebhookInput, ZWebhookEndpoint } from "../../../schemas/webhook";
import { defineOperation } from "../../../http/api-operation";
import { ZWebhookIdParams } from "./shared";

export const updateWebhookOperation = defineOperation({
  operationId: "updateWebhook",
  method: "patch",
  path: "/webhooks/{id}",
  summary: "Update a webhook endpoint",
  description:
    "Any subset of `url`, `events`, `enabled`, `classifyReplies`. `enabled: true` re-enables an endpoint that was disabled after 25 consecutive failed attempts and clears its failure streak.",
  tags: ["Webhooks"],
  params: ZWebhookIdParams,
  body: ZUpdateWebhookInput,
  response: dataEnvelope(ZWebhookEndpoint),
  errors: [404],
});
