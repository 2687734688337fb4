import { ZCreateWebhookInput, ZSavedWebhook } from "../../../schemas/webhook";
import { defineOperation } from "../../../http/api-operation";
import { SIGNATURE_NOTE, TARGET_NOTE } from "./shared";

export const createWebhookOperation = defineOperation({
  operationId: "createWebhook",
  method: "post",
  path: "/webhooks",
  summary: "Register a webhook endpoint",
  description: `Herald generates the signing \`secret\` and returns it (also on list and get; there is no rotation: create a new endpoint and delete the old one). \`events\` must name subscribable events.\n\n${TARGET_NOTE}\n\n${SIGNATURE_NOTE}`,
  tags: ["Webhooks"],
  body: ZCreateWebhookInput,
  response: ZSavedWebhook,
  successStatus: 201,
});
