import { ZCreateWebhookInput, ZSavedWebhook } from "../../../schemas/webhook";
import { defineOperation } from "../../../http/api-operation";
import { SIGNATURE_NOTE, TARGET_NOTE } from "./shared";

export const createWebhookOperation = defineOperation({
  operationId: "createWebhook",
  method: "post",
  path: "/webhooks",
  summary: "Register a webhook endpoint",
  description: `Herald generates the signing \`secret\` and returns it (also on list and get; there is no rotation: create a new endpoint and delete the old one). \`events\` must name subscribable events.\n\nA workspace has at most 20 endpoints by default (the installation's \`HERALD_MAX_WEBHOOKS_PER_WORKSPACE\`): one more is refused with 409 \`webhook-limit-reached\`, \`details.limit\` giving the cap; an endpoint can subscribe to any number of events.\n\n${TARGET_NOTE}\n\n${SIGNATURE_NOTE}`,
  tags: ["Webhooks"],
  body: ZCreateWebhookInput,
  response: ZSavedWebhook,
  successStatus: 201,
  errors: ["webhook-limit-reached"],
});
