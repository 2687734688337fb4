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
    "Moves the not-yet-contacted leads the sender holds in this campaign evenly onto the pool's other available senders (connected, active, not paused), lightest first; leads it already contacted stay pinned to it. Meant for a paused or failing sender, and allowed for any sender of the pool. `receivers` 0 means no other sender was available and nothing moved (still 200). 422 `not-in-pool` when the sender is not in the campaign's pool.",
  tags: ["Campaigns"],
  params: ZCampaignIdParams,
  body: ZRebalanceInput,
  response: dataEnvelope(ZRebalanceResult),
  errors: [404, 422],
});
