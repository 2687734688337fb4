import { z } from "zod";
import { defineOperation } from "../../../http/api-operation";
import { ZWebhookIdParams } from "./shared";

export const deleteWebhookOperation = defineOperation({
  operationId: "deleteWebhook",
  method: "delete",
  path: "/webhooks/{id}",
  summary: "Delete a webhook endpoint",
  description: "Nothing more is delivered to it; its delivery log goes with it.",
  tags: ["Webhooks"],
  params: ZWebhookIdParams,
  response: z.object({ data: z.object({ id: z.string(), deleted: z.literal(true) }) }),
  errors: ["not-found"],
});
