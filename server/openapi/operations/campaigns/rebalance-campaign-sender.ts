import { dataEnvelope } from "../../../schemas/common";
import { ZRebalanceInput, ZRebalanceResult } from "../../../schemas/campaign";
import { defineOperation } from "../../../http/api-operation";
import { ZCampaignIdParams } from "./shared";

export const rebalanceCampaignSenderOperation = defineOperation({
  operationId: "rebalanceCampaignSender",
  method: "post",
  path: "/campaigns/{id}/rebalance",
  summary: "Move a sender's not-yet-contacted leads to the other senders",
  description:
    "Moves the not-yet-contacted leads a paused or failed sender holds in this campaign evenly onto the pool's other available senders (connected, active, not paused), lightest first; leads it already contacted stay pinned to it. A sender may be rebalanced when it is paused, in status `error`, `suspended` or `disconnected`, not connected (a reconnect or a verification step pending), or no longer in the workspace. `moved` counts the leads moved (0 when none awaits a first contact); `receivers` counts the other available senders they were spread over, and is 0 only when no other sender was available (then nothing moved; still 200). 422 `not-in-pool` when the sender is not in the campaign's pool; 409 `sender-available` when the sender is active and not paused (it keeps its leads: pause it first).",
  tags: ["Campaigns"],
  params: ZCampaignIdParams,
  body: ZRebalanceInput,
  response: dataEnvelope(ZRebalanceResult),
  errors: ["not-found", "sender-available", "not-in-pool"],
});
