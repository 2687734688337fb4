import { dataEnvelope } from "../../../schemas/common";
import { ZSenderAccount } from "../../../schemas/sender";
import { defineOperation } from "../../../http/api-operation";
import { ZAccountIdParams } from "./shared";

export const pauseSenderOperation = defineOperation({
  operationId: "pauseSender",
  method: "post",
  path: "/accounts/{id}/pause",
  summary: "Pause a sender",
  description: "Campaigns stop using the sender and direct actions are refused (409 `sender-paused`) until it is resumed. Emits account.paused; a no-op when already paused.",
  tags: ["Senders"],
  params: ZAccountIdParams,
  response: dataEnvelope(ZSenderAccount),
  errors: ["not-found"],
});
