import { dataEnvelope } from "../../../schemas/common";
import { ZWebhookDeliveryDetail } from "../../../schemas/webhook";
import { defineOperation } from "../../../http/api-operation";
import { ZDeliveryIdParams } from "./shared";

export const getWebhookDeliveryOperation = defineOperation({
  operationId: "getWebhookDelivery",
  method: "get",
  path: "/webhooks/deliveries/{id}",
  summary: "Get a delivery with its attempt history",
  description: "Beyond the spec: each attempt's time, duration, response status, first kilobyte of the answer and error.",
  tags: ["Webhooks"],
  params: ZDeliveryIdParams,
  response: dataEnvelope(ZWebhookDeliveryDetail),
  errors: ["not-found"],
});
