import { dataEnvelope } from "../../../schemas/common";
import { ZWebhookDelivery } from "../../../schemas/webhook";
import { defineOperation } from "../../../http/api-operation";
import { ZDeliveryIdParams } from "./shared";

export const retryWebhookDeliveryOperation = defineOperation({
  operationId: "retryWebhookDelivery",
  method: "post",
  path: "/webhooks/deliveries/{id}/retry",
  summary: "Send a failed delivery again",
  description:
    "Beyond the spec. Starts a new round of up to six attempts at once, with the same delivery id. 409 `delivery-not-failed` unless the delivery failed; 409 `endpoint-disabled` while its endpoint is disabled.",
  tags: ["Webhooks"],
  params: ZDeliveryIdParams,
  response: dataEnvelope(ZWebhookDelivery),
  successStatus: 202,
  errors: ["not-found", "delivery-not-failed", "endpoint-disabled"],
});
