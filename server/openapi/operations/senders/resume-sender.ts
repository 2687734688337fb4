import { dataEnvelope } from "../../../schemas/common";
import { ZSenderAccount } from "../../../schemas/sender";
import { defineOperation } from "../../../http/api-operation";
import { ZAccountIdParams } from "./shared";

export const resumeSenderOperation = defineOperation({
  operationId: "resumeSender",
  method: "post",
  path: "/accounts/{id}/resume",
  summary: "Resume a paused sender",
  description: "Emits account.resumed; a no-op when not paused. Returns the sender either way.",
  tags: ["Senders"],
  params: ZAccountIdParams,
  response: dataEnvelope(ZSenderAccount),
  errors: ["not-found"],
});
