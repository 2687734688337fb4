import { dataEnvelope } from "../../../schemas/common";
import { ZCreateWebhookInput, ZWebhookEndpoint } from "../../../schemas/webhook";
import { defineOperation } from "../../../http/api-operation";
import { SIGNATURE_NOTE } from "./shared";

export const createWebhookOperation = defineOperation({
  operationId: "createWebhook",
  method: "post",
  path: "/webhooks",
  summary: "Register a webhook endpoint",
  description: `Herald generates the signing \`secret\` and returns it (also on list and get; there is no rotation: create a new endpoint and delete the old one). \`events\` must name subscribable events. The URL must be http(s); private, loopback and link-local targets are refused unless the installation allows them.\n\n${SIGNATURE_NOTE}`,
  tags: ["Webhooks"],
  body: ZCreateWebhookInput,
  response: dataEnvelope(ZWebhookEndpoint),
  successStatus: 201,
});
