import { ZUpdateWebhookInput, ZSavedWebhook } from "../../../schemas/webhook";
import { defineOperation } from "../../../http/api-operation";
import { TARGET_NOTE, ZWebhookIdParams } from "./shared";

export const updateWebhookOperation = defineOperation({
  operationId: "updateWebhook",
  method: "patch",
  path: "/webhooks/{id}",
  summary: "Update a webhook endpoint",
  description: `Any subset of \`url\`, \`events\`, \`enabled\`, \`classifyReplies\`. \`enabled: true\` re-enables an endpoint that was disabled after 25 consecutive failed attempts and clears its failure streak. A new \`url\` is checked as on create.\n\n${TARGET_NOTE}`,
  tags: ["Webhooks"],
  params: ZWebhookIdParams,
  body: ZUpdateWebhookInput,
  response: ZSavedWebhook,
  errors: ["not-found"],
});
