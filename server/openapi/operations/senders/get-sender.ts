import { dataEnvelope } from "../../../schemas/common";
import { ZSenderAccount } from "../../../schemas/sender";
import { defineOperation } from "../../../http/api-operation";
import { ZAccountIdParams } from "./shared";

export const getSenderOperation = defineOperation({
  operationId: "getSender",
  method: "get",
  path: "/accounts/{id}",
  summary: "Get a sender",
  description:
    "`limits.daily` holds the caps per action type and `usage.day` what was used today, both in the sender's `timezone`; `limits.weeklyInvitations` and `usage.week` count connection requests from Monday. `status` is active, error, suspended or disconnected; `connectionStatus` tells whether the sender is connected, waits on a verification step, or needs reconnecting.",
  tags: ["Senders"],
  params: ZAccountIdParams,
  response: dataEnvelope(ZSenderAccount),
  errors: ["not-found"],
});
